package io.github.activityrank.web;

import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.AwardPath;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.util.UrlPathHelper;

/**
 * Awards the page-view rule for each successful ({@code status < 400}) {@code GET}
 * request handled by a controller method, to the resolved user, with the normalised
 * request path as the field. With the rule's default once-per-day window, each new path
 * scores once per user per day. Anonymous requests award nothing.
 */
public class PageViewInterceptor implements HandlerInterceptor {

	private static final Log logger = LogFactory.getLog(PageViewInterceptor.class);

	private final PageViews views;

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
		this.views = new PageViews(dispatcher, userResolver, rule, include, exclude);
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
		String field = this.views.field(this.pathHelper.getPathWithinApplication(request));
		if (field == null) {
			return;
		}
		ActivityUserResolver resolver = this.views.resolver();
		String user = (resolver != null) ? resolver.currentUserId() : null;
		if (user == null || user.isBlank()) {
			return;
		}
		this.views.dispatcher().dispatch(this.views.award(user, field), AwardPath.PAGE_VIEW);
	}

}
