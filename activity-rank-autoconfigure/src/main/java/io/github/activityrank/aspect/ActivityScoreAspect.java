package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import io.github.activityrank.ActivityScore;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.reflect.MethodSignature;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.Ordered;

/**
 * Applies {@link ActivityScore} annotations: after the method returns normally (or its
 * {@link CompletionStage} completes successfully) each annotation becomes an award,
 * dispatched after commit inside a transaction. The method's outcome is never changed by
 * the award.
 * <p>
 * Its {@linkplain #getOrder() order} comes from {@code activity-rank.aspect.order}.
 * Either order relative to {@code @Transactional} awards only after a commit: inside the
 * transaction the award waits for the commit, outside it the transaction is already
 * committed when the method returns.
 */
@Aspect
public class ActivityScoreAspect implements Ordered {

	private static final Log logger = LogFactory.getLog(ActivityScoreAspect.class);

	private final ActivityScoreOperationSource operationSource;

	private final Supplier<ActivityDispatcher> dispatcher;

	private final Supplier<ActivityUserResolver> userResolver;

	private final ActivityScoreExpressionEvaluator evaluator;

	private final int order;

	private volatile ActivityScoreAwarder awarder;

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
	 * Create the aspect with a dispatcher looked up on the first award. Spring creates an
	 * aspect that is {@link Ordered} while it sorts advisors, before the beans it
	 * proxies; a dispatcher that cannot be created (bad properties) then fails where it
	 * is created and reported as such, not as a failed advisor sort.
	 * @param dispatcher supplies where awards go, called once
	 * @param userResolver supplies the resolver for annotations without a {@code user}
	 * expression; may supply {@code null}
	 * @param operationSource reads and caches each method's annotations
	 * @param evaluator parses, caches and evaluates the expressions
	 * @param order the aspect's order
	 */
	public ActivityScoreAspect(Supplier<ActivityDispatcher> dispatcher, Supplier<ActivityUserResolver> userResolver,
			ActivityScoreOperationSource operationSource, ActivityScoreExpressionEvaluator evaluator, int order) {
		this.operationSource = operationSource;
		this.dispatcher = dispatcher;
		this.userResolver = userResolver;
		this.evaluator = evaluator;
		this.order = order;
	}

	private ActivityScoreAwarder awarder() {
		ActivityScoreAwarder awarder = this.awarder;
		if (awarder == null) {
			synchronized (this) {
				awarder = this.awarder;
				if (awarder == null) {
					awarder = new ActivityScoreAwarder(this.dispatcher.get(), this.userResolver, this.evaluator);
					this.awarder = awarder;
				}
			}
		}
		return awarder;
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	/**
	 * Run the method, then award.
	 * @param joinPoint the call
	 * @return what the method returned
	 * @throws Throwable what the method threw (nothing is awarded then)
	 */
	@Around("execution(@io.github.activityrank.ActivityScore * *(..)) "
			+ "|| execution(@io.github.activityrank.ActivityScore.List * *(..))")
	public Object award(ProceedingJoinPoint joinPoint) throws Throwable {
		Object result = joinPoint.proceed();
		try {
			afterReturning(joinPoint, result);
		}
		catch (Throwable ex) {
			// instrumentation must never fail the business call
			logger.error("@ActivityScore could not be applied to " + joinPoint.getSignature(), ex);
		}
		return result;
	}

	private void afterReturning(ProceedingJoinPoint joinPoint, Object result) {
		Method method = ((MethodSignature) joinPoint.getSignature()).getMethod();
		Object target = joinPoint.getTarget();
		Class<?> targetClass = (target != null) ? AopUtils.getTargetClass(target) : method.getDeclaringClass();
		ActivityScoreMetadata metadata = this.operationSource.getMetadata(method, targetClass);
		if (metadata.isEmpty()) {
			return;
		}
		Object[] args = joinPoint.getArgs();
		ActivityScoreAwarder awarder = awarder();
		if (result instanceof CompletionStage<?> stage) {
			// the security context belongs to this thread: resolve the user now, award on
			// completion
			String user = metadata.usesResolver() ? awarder.currentUser() : null;
			stage.whenComplete((value, ex) -> {
				if (ex == null) {
					try {
						awarder.award(metadata, method, target, targetClass, args, value, () -> user);
					}
					catch (Throwable failure) {
						logger.error("@ActivityScore could not be applied to " + joinPoint.getSignature(), failure);
					}
				}
			});
			return;
		}
		// only the annotations without a user expression ask the resolver
		Supplier<String> callerUser = metadata.usesResolver() ? new CallerUser(awarder) : null;
		awarder.award(metadata, method, target, targetClass, args, result, callerUser);
	}

	/**
	 * The resolver's user, asked at most once: several annotations on one method share
	 * one resolver call.
	 */
	private static final class CallerUser implements Supplier<String> {

		private final ActivityScoreAwarder awarder;

		private String user;

		private boolean resolved;

		CallerUser(ActivityScoreAwarder awarder) {
			this.awarder = awarder;
		}

		@Override
		public String get() {
			if (!this.resolved) {
				this.user = this.awarder.currentUser();
				this.resolved = true;
			}
			return this.user;
		}

	}

}
