package io.github.activityrank.web;

import java.util.List;
import java.util.function.Supplier;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.security.ReactiveSecurityUser;
import io.github.activityrank.security.SecurityActivityUserResolver;
import io.github.activityrank.support.ReactorObservation;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.util.ClassUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * The page views of a reactive (WebFlux) application: awards the page-view rule for each
 * successful ({@code status < 400}) {@code GET} request handled by a controller method or
 * a handler function, to the acting user, with the normalised request path as the field,
 * as {@link PageViewInterceptor} does in a servlet application. With Spring Security's
 * resolver the user comes from the request's reactive security context, so this filter
 * runs after Spring Security's ({@link #getOrder() order} 0); another
 * {@link ActivityUserResolver} is asked on the thread that ends the request. Nothing
 * blocks that thread: the award goes to the dispatcher, or to a thread that may block.
 */
public class PageViewWebFilter implements WebFilter, Ordered {

	private static final Log logger = LogFactory.getLog(PageViewWebFilter.class);

	private static final boolean SECURITY_PRESENT = ClassUtils.isPresent(
			"org.springframework.security.core.context.ReactiveSecurityContextHolder",
			PageViewWebFilter.class.getClassLoader());

	private final PageViews views;

	/**
	 * Create the filter.
	 * @param dispatcher where awards go
	 * @param userResolver supplies the resolver of the current user (may supply
	 * {@code null})
	 * @param rule the rule awarded
	 * @param include path patterns that count
	 * @param exclude path patterns that never count, checked first
	 */
	public PageViewWebFilter(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver, String rule,
			List<String> include, List<String> exclude) {
		this.views = new PageViews(dispatcher, userResolver, rule, include, exclude);
	}

	/**
	 * After Spring Security's filter chain (order -100), whose security context it reads.
	 * @return 0
	 */
	@Override
	public int getOrder() {
		return 0;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (!HttpMethod.GET.equals(exchange.getRequest().getMethod())) {
			return chain.filter(exchange);
		}
		// after the handler: an error skips the award, as a status of 400 or more does.
		// Pending from the start, as the client may have the response before the award
		// is dispatched
		return Mono.defer(() -> {
			Runnable release = this.views.dispatcher().hold();
			return chain.filter(exchange).then(Mono.defer(() -> award(exchange))).doFinally((signal) -> release.run());
		});
	}

	private Mono<Void> award(ServerWebExchange exchange) {
		HttpStatusCode status = exchange.getResponse().getStatusCode();
		Object handler = exchange.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE);
		if ((status != null && status.value() >= 400)
				|| !(handler instanceof HandlerMethod || handler instanceof HandlerFunction<?>)) {
			return Mono.empty();
		}
		String field = this.views.field(exchange.getRequest().getPath().pathWithinApplication().value());
		if (field == null) {
			return Mono.empty();
		}
		return Mono
			.deferContextual((context) -> user().doOnNext(
					(user) -> ReactorObservation.within(context.getOrDefault(ReactorObservation.CONTEXT_KEY, null),
							() -> this.views.dispatcher()
								.dispatchWithoutBlocking(this.views.award(user, field), AwardPath.PAGE_VIEW))))
			.onErrorResume((ex) -> {
				// a page view must never break the response
				logger.debug("Page view not awarded for " + field, ex);
				return Mono.empty();
			})
			.then();
	}

	private Mono<String> user() {
		ActivityUserResolver resolver = this.views.resolver();
		if (resolver == null) {
			return Mono.empty();
		}
		if (SECURITY_PRESENT && resolver instanceof SecurityActivityUserResolver) {
			return ReactiveSecurityUser.currentUserId();
		}
		return Mono.fromSupplier(resolver::currentUserId).filter((user) -> !user.isBlank());
	}

}
