package io.github.activityrank.web;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.activityrank.ActivityLimits;

import org.springframework.http.server.PathContainer;
import org.springframework.util.DigestUtils;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Which request paths count as page views, and the field each becomes: shared by the
 * servlet {@link PageViewInterceptor} and the reactive {@link PageViewWebFilter}.
 */
final class PageViewPaths {

	/**
	 * Longest path kept as is in a field; longer ones are cut and end with a hash of the
	 * whole.
	 */
	static final int MAX_PATH_LENGTH = ActivityLimits.MAX_FIELD_LENGTH;

	private final List<PathPattern> include;

	private final List<PathPattern> exclude;

	PageViewPaths(List<String> include, List<String> exclude) {
		PathPatternParser parser = PathPatternParser.defaultInstance;
		this.include = include.stream().map(parser::parse).toList();
		this.exclude = exclude.stream().map(parser::parse).toList();
	}

	/**
	 * The field of a page view of this path within the application.
	 * @return the normalised, capped path, or {@code null} when the path does not count
	 */
	String field(String pathWithinApplication) {
		String path = normalise(pathWithinApplication);
		PathContainer container = PathContainer.parsePath(path);
		if (this.exclude.stream().anyMatch((pattern) -> pattern.matches(container))
				|| this.include.stream().noneMatch((pattern) -> pattern.matches(container))) {
			return null;
		}
		return cap(path);
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
