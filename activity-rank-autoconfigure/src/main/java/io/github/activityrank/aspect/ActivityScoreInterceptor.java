package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.aop.support.AopUtils;
import org.springframework.util.ClassUtils;

/**
 * The advice of {@link ActivityScoreAspect}: runs the method, then awards. A plain
 * {@link MethodInterceptor}, as Spring's {@code @Cacheable} and {@code @Transactional}
 * use: an AspectJ {@code @Around} advice would cost a join point, a signature, a clone of
 * the invocation and two copies of the arguments on every call, and a reflective call of
 * the advice method.
 */
final class ActivityScoreInterceptor implements MethodInterceptor {

	/** The aspect's log category, as before the advice became an interceptor. */
	private static final Log logger = LogFactory.getLog(ActivityScoreAspect.class);

	/**
	 * Reactor is optional: its types are only touched in {@link ActivityScoreReactive}.
	 */
	private static final boolean REACTOR_PRESENT = ClassUtils.isPresent("reactor.core.publisher.Mono",
			ActivityScoreInterceptor.class.getClassLoader());

	private final ActivityScoreOperationSource operationSource;

	private final Supplier<ActivityDispatcher> dispatcher;

	private final Supplier<ActivityUserResolver> userResolver;

	private final ActivityScoreExpressionEvaluator evaluator;

	private volatile ActivityScoreAwarder awarder;

	ActivityScoreInterceptor(Supplier<ActivityDispatcher> dispatcher, Supplier<ActivityUserResolver> userResolver,
			ActivityScoreOperationSource operationSource, ActivityScoreExpressionEvaluator evaluator) {
		this.operationSource = operationSource;
		this.dispatcher = dispatcher;
		this.userResolver = userResolver;
		this.evaluator = evaluator;
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

	/**
	 * Run the method, then award.
	 * @param invocation the call
	 * @return what the method returned
	 * @throws Throwable what the method threw (nothing is awarded then)
	 */
	@Override
	public Object invoke(MethodInvocation invocation) throws Throwable {
		Object result = invocation.proceed();
		try {
			return afterReturning(invocation, result);
		}
		catch (Throwable ex) {
			// instrumentation must never fail the business call
			logger.error("@ActivityScore could not be applied to " + invocation.getMethod(), ex);
			return result;
		}
	}

	/**
	 * Award now, or when the returned work completes.
	 * @return what the caller gets: the result, or for a {@code Mono} or {@code Flux} the
	 * same work wrapped to award when it completes
	 */
	private Object afterReturning(MethodInvocation invocation, Object result) {
		Method method = invocation.getMethod();
		Object target = invocation.getThis();
		Class<?> targetClass = (target != null) ? AopUtils.getTargetClass(target) : method.getDeclaringClass();
		ActivityScoreMetadata metadata = this.operationSource.getMetadata(method, targetClass);
		if (metadata.isEmpty()) {
			return result;
		}
		// made by the proxy for this call: kept without a copy, also for a
		// CompletionStage
		Object[] args = invocation.getArguments();
		ActivityScoreAwarder awarder = awarder();
		if (result instanceof CompletionStage<?> stage) {
			// the security context belongs to this thread: resolve the user now, award on
			// completion; pending from now, so awaitApplied waits for the stage
			ActivityScoreCompletion completion = completion(awarder, metadata, method, target, targetClass, args);
			Runnable release = completion.hold();
			stage.whenComplete((value, ex) -> {
				try {
					if (ex == null) {
						completion.completed(value, null);
					}
				}
				finally {
					release.run();
				}
			});
			return result;
		}
		if (REACTOR_PRESENT && ActivityScoreReactive.isPublisher(result)) {
			// pending and awarded per subscription, never for work nobody subscribes to
			ActivityScoreCompletion completion = completion(awarder, metadata, method, target, targetClass, args);
			return ActivityScoreReactive.awardOnCompletion(result, completion, awarder.resolver());
		}
		// only the annotations without a user expression ask the resolver
		Supplier<String> callerUser = metadata.usesResolver() ? new CallerUser(awarder) : null;
		awarder.award(metadata, method, target, targetClass, args, result, callerUser);
		return result;
	}

	private static ActivityScoreCompletion completion(ActivityScoreAwarder awarder, ActivityScoreMetadata metadata,
			Method method, Object target, Class<?> targetClass, Object[] args) {
		String user = metadata.usesResolver() ? awarder.currentUser() : null;
		return new ActivityScoreCompletion(awarder, metadata, method, target, targetClass, args, user);
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
