package io.github.activityrank.aspect;

import java.lang.reflect.Method;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The awards of one call of a method whose work completes later (a
 * {@code CompletionStage}, a {@code Mono} or a {@code Flux}): what the expressions need,
 * kept from the call until the work completes. The user the resolver gave is resolved on
 * the caller's thread, where its security context is.
 */
final class ActivityScoreCompletion {

	private static final Log logger = LogFactory.getLog(ActivityScoreAspect.class);

	private final ActivityScoreAwarder awarder;

	private final ActivityScoreMetadata metadata;

	private final Method method;

	private final Object target;

	private final Class<?> targetClass;

	private final Object[] args;

	private final String callerUser;

	ActivityScoreCompletion(ActivityScoreAwarder awarder, ActivityScoreMetadata metadata, Method method, Object target,
			Class<?> targetClass, Object[] args, String callerUser) {
		this.awarder = awarder;
		this.metadata = metadata;
		this.method = method;
		this.target = target;
		this.targetClass = targetClass;
		this.args = args;
		this.callerUser = callerUser;
	}

	/**
	 * Whether an annotation needs a user the resolver did not give on the caller's
	 * thread: a reactive method may find it in its subscriber's context instead.
	 */
	boolean lacksUser() {
		return this.metadata.usesResolver() && (this.callerUser == null || this.callerUser.isBlank());
	}

	/**
	 * The method's declared return type, which a wrapped result must still fit.
	 */
	Class<?> returnType() {
		return this.method.getReturnType();
	}

	/**
	 * Count the awards as pending until the returned release runs.
	 */
	Runnable hold() {
		return this.awarder.hold();
	}

	/**
	 * The work completed successfully: award, never throwing into the work's thread.
	 * @param value what it gave, {@code #result} of the expressions
	 * @param user the user for annotations that use the resolver, or {@code null} for the
	 * one resolved at the call
	 */
	void completed(Object value, String user) {
		String resolved = (user != null) ? user : this.callerUser;
		try {
			this.awarder.award(this.metadata, this.method, this.target, this.targetClass, this.args, value,
					() -> resolved);
		}
		catch (Throwable failure) {
			logger.error("@ActivityScore could not be applied to " + this.method, failure);
		}
	}

}
