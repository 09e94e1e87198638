package io.github.activityrank.aspect;

import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import io.github.activityrank.ActivityScore;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import org.aopalliance.aop.Advice;

import org.springframework.aop.Pointcut;
import org.springframework.aop.PointcutAdvisor;
import org.springframework.core.Ordered;

/**
 * Applies {@link ActivityScore} annotations: after the method returns normally (or its
 * {@link CompletionStage} completes successfully) each annotation becomes an award,
 * dispatched after commit inside a transaction. The method's outcome is never changed by
 * the award.
 * <p>
 * An advisor, as Spring's own {@code @Cacheable} and {@code @Transactional} support: a
 * pointcut that matches annotated methods once per method when the proxy is made, and a
 * {@link org.aopalliance.intercept.MethodInterceptor} as advice, which costs no AspectJ
 * join point per call. Any advisor auto-proxy creator applies it, such as the one Spring
 * Boot registers when AspectJ is on the classpath.
 * <p>
 * Its {@linkplain #getOrder() order} comes from {@code activity-rank.aspect.order}.
 * Either order relative to {@code @Transactional} awards only after a commit: inside the
 * transaction the award waits for the commit, outside it the transaction is already
 * committed when the method returns.
 */
public class ActivityScoreAspect implements PointcutAdvisor, Ordered {

	private final ActivityScoreInterceptor interceptor;

	private final int order;

	/**
	 * Create the aspect.
	 * @param dispatcher where awards go
	 * @param userResolver supplies the resolver for annotations without a {@code user}
	 * expression; may supply {@code null}
	 * @param operationSource reads and caches each method's annotations (shared with the
	 * {@link ActivityScoreValidator})
	 * @param evaluator parses, caches and evaluates the expressions (shared with the
	 * {@link ActivityScoreValidator})
	 * @param order the aspect's order
	 */
	public ActivityScoreAspect(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver,
			ActivityScoreOperationSource operationSource, ActivityScoreExpressionEvaluator evaluator, int order) {
		this(() -> dispatcher, userResolver, operationSource, evaluator, order);
	}

	/**
	 * Create the aspect with a dispatcher looked up on the first award. Spring creates
	 * advisors while it looks for the advice of the first beans it creates, before the
	 * beans it proxies; a dispatcher that cannot be created (bad properties) then fails
	 * where it is created and reported as such, not as a failed advisor lookup.
	 * @param dispatcher supplies where awards go, called once
	 * @param userResolver supplies the resolver for annotations without a {@code user}
	 * expression; may supply {@code null}
	 * @param operationSource reads and caches each method's annotations
	 * @param evaluator parses, caches and evaluates the expressions
	 * @param order the aspect's order
	 */
	public ActivityScoreAspect(Supplier<ActivityDispatcher> dispatcher, Supplier<ActivityUserResolver> userResolver,
			ActivityScoreOperationSource operationSource, ActivityScoreExpressionEvaluator evaluator, int order) {
		this.interceptor = new ActivityScoreInterceptor(dispatcher, userResolver, operationSource, evaluator);
		this.order = order;
	}

	/**
	 * The methods annotated with {@link ActivityScore} or its container.
	 * @return the pointcut
	 */
	@Override
	public Pointcut getPointcut() {
		return ActivityScorePointcut.INSTANCE;
	}

	/**
	 * Runs the method, then awards.
	 * @return the advice
	 */
	@Override
	public Advice getAdvice() {
		return this.interceptor;
	}

	@Override
	public int getOrder() {
		return this.order;
	}

}
