package io.github.activityrank.web;

import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;

/**
 * What the servlet {@link PageViewInterceptor} and the reactive {@link PageViewWebFilter}
 * share: where awards go, who the user is, the rule awarded and the paths that count.
 */
final class PageViews {

	private final ActivityDispatcher dispatcher;

	private final Supplier<ActivityUserResolver> userResolver;

	private final String rule;

	private final PageViewPaths paths;

	PageViews(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver, String rule,
			List<String> include, List<String> exclude) {
		this.dispatcher = dispatcher;
		this.userResolver = userResolver;
		this.rule = rule;
		this.paths = new PageViewPaths(include, exclude);
	}

	/**
	 * The field of a page view of this path within the application.
	 * @return the normalised, capped path, or {@code null} when the path does not count
	 */
	String field(String pathWithinApplication) {
		return this.paths.field(pathWithinApplication);
	}

	/**
	 * Where awards go.
	 * @return the dispatcher
	 */
	ActivityDispatcher dispatcher() {
		return this.dispatcher;
	}

	/**
	 * The resolver of the current user.
	 * @return the resolver, or {@code null} when there is none
	 */
	ActivityUserResolver resolver() {
		return this.userResolver.get();
	}

	/**
	 * The award of a page view.
	 * @param user the user who viewed the page
	 * @param field the page's field
	 * @return the award, as a batch of one
	 */
	List<ActivityEvent> award(String user, String field) {
		return List.of(ActivityEvent.award(user, field, this.rule));
	}

}
