package io.github.activityrank.sample.security;

import java.io.IOException;
import java.net.URI;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses state-changing requests (anything but GET, HEAD, OPTIONS, TRACE) that a browser
 * sends on behalf of another site: a {@code Sec-Fetch-Site} other than
 * {@code same-origin} or {@code none}, or, from browsers without it, an {@code Origin}
 * whose host and port are not this request's. A logged-in browser sends its session or
 * its Basic credentials along with such a request, so without this check any site could
 * praise, follow or rebuild on the user's behalf. Scripts and tools send neither header
 * and pass.
 */
class CrossSiteRequestFilter extends OncePerRequestFilter {

	private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

	private static final Set<String> SAME_SITE_FETCHES = Set.of("same-origin", "none");

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!SAFE_METHODS.contains(request.getMethod()) && isCrossSite(request)) {
			response.sendError(HttpServletResponse.SC_FORBIDDEN, "Cross-site request refused");
			return;
		}
		chain.doFilter(request, response);
	}

	static boolean isCrossSite(HttpServletRequest request) {
		String fetchSite = request.getHeader("Sec-Fetch-Site");
		if (fetchSite != null) {
			return !SAME_SITE_FETCHES.contains(fetchSite);
		}
		String origin = request.getHeader("Origin");
		if (origin == null) {
			return false;
		}
		try {
			URI uri = URI.create(origin);
			int port = (uri.getPort() != -1) ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
			return !request.getServerName().equalsIgnoreCase(uri.getHost()) || request.getServerPort() != port;
		}
		catch (IllegalArgumentException ex) {
			// "null" (a sandboxed frame or a file) or garbage: not this site
			return true;
		}
	}

}
