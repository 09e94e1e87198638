package io.github.activityrank.web;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.AwardPath;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.http.server.PathContainer;
import org.springframework.util.DigestUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.util.UrlPathHelper;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Awards the page-view rule for each successful ({@code status < 400}) {@code GET}
 * request handled by a controller method, to the resolved user, with the normalised
 * request path as the field. With the rule's default once-per-day window, each new path
 * scores once per user per day. Anonymous requests award nothing.
 */
public class PageViewInterceptor implements HandlerInterceptor {

	/**
	 * Longest path kept as is in a field; longer ones are cut and end with a hash of the
	 * whole.
	 */
	static final int MAX_PATH_LENGTH = ActivityLimits.MAX_FIELD_LENGTH;

	private static final Log logger = LogFactory.getLog(PageViewInterceptor.class);

	private final ActivityDispatcher dispatcher;

	private final Supplier<ActivityUserResolver> userResolver;

	private final String rule;

	private final List<PathPattern> include;

	private final List<PathPattern> exclude;

	private final UrlPathHelper pathHelper = UrlPathHelper.defaultInstance;

	/**
	 * Create the interceptor.
	 * @param dispatcher where awards go
	 * @param userResolver supplies the resolver of the current user (may supply
	 * {@code null})
	 * @param rule the rule awarded
	 * @param include path patterns that count
	 * @param exclude path patterns that never count, checked first
	 */
	public PageViewInterceptor(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver, String rule,
			List<String> include, List<String> exclude) {
		this.dispatcher = dispatcher;
		this.userResolver = userResolver;
		this.rule = rule;
		PathPatternParser parser = PathPatternParser.defaultInstance;
		this.include = include.stream().map(parser::parse).toList();
		this.exclude = exclude.stream().map(parser::parse).toList();
	}

	@Override
	public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler,
			Exception ex) {
		try {
			if (ex == null && "GET".equals(request.getMethod()) && handler instanceof HandlerMethod
					&& response.getStatus() < 400) {
				award(request);
			}
		}
		catch (RuntimeException failure) {
			// a page view must never break the response
			logger.debug("Page view not awarded for " + request.getRequestURI(), failure);
		}
	}

	private void award(HttpServletRequest request) {
		String path = normalise(this.pathHelper.getPathWithinApplication(request));
		PathContainer container = PathContainer.parsePath(path);
		if (this.exclude.stream().anyMatch((pattern) -> pattern.matches(container))
				|| this.include.stream().noneMatch((pattern) -> pattern.matches(container))) {
			return;
		}
		ActivityUserResolver resolver = this.userResolver.get();
		String user = (resolver != null) ? resolver.currentUserId() : null;
		if (user == null || user.isBlank()) {
			return;
		}
		this.dispatcher.dispatch(List.of(ActivityEvent.award(user, cap(path), this.rule)), AwardPath.PAGE_VIEW);
	}

	/**
	 * Collapse repeated slashes and drop a trailing slash, so {@code /a//b/} and
	 * {@code /a/b} are one page.
	 */
	static String normalise(String path) {
		if (path == null || path.isEmpty()) {
			return "/";
		}
		String collapsed = path.replaceAll("/{2,}", "/");
		if (!collapsed.startsWith("/")) {
			collapsed = "/" + collapsed;
		}
		if (collapsed.length() > 1 && collapsed.endsWith("/")) {
			collapsed = collapsed.substring(0, collapsed.length() - 1);
		}
		return collapsed;
	}

	/**
	 * Keep a field within the service's limit; distinct long paths stay distinct through
	 * the hash.
	 */
	static String cap(String path) {
		if (path.length() <= MAX_PATH_LENGTH) {
			return path;
		}
		String hash = DigestUtils.md5DigestAsHex(path.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
		return path.substring(0, MAX_PATH_LENGTH - hash.length() - 1) + "#" + hash;
	}

}
