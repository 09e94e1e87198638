package io.github.activityrank.aspect;

import java.util.concurrent.atomic.AtomicReference;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.security.ReactiveSecurityUser;
import io.github.activityrank.security.SecurityActivityUserResolver;
import io.github.activityrank.support.ReactorObservation;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.util.ClassUtils;

/**
 * Awards of a method that returns a {@link Mono}, a {@link Flux} or another
 * {@link Publisher}: the returned publisher is wrapped so that each subscription holds
 * its awards as pending from the moment it subscribes, awards when the work completes
 * successfully (a {@code Mono} with its value or empty, a {@code Flux} on completion,
 * with its last element as {@code #result}), and awards nothing on an error or a
 * cancellation. Nothing happens for a publisher nobody subscribes to. Touched only when
 * Reactor is on the classpath ({@link ActivityScoreInterceptor} checks).
 */
final class ActivityScoreReactive {

	private static final boolean SECURITY_PRESENT = ClassUtils.isPresent(
			"org.springframework.security.core.context.ReactiveSecurityContextHolder",
			ActivityScoreReactive.class.getClassLoader());

	private static final Log logger = LogFactory.getLog(ActivityScoreAspect.class);

	/** Stands for "no user from the subscriber's context": a Mono cannot hold null. */
	private static final String NO_USER = "";

	private ActivityScoreReactive() {
	}

	/**
	 * Whether the result is a publisher this class wraps.
	 * @param result what the method returned
	 * @return {@code true} for a {@link Publisher}
	 */
	static boolean isPublisher(Object result) {
		return result instanceof Publisher<?>;
	}

	/**
	 * Wrap what the method returned so that it awards when it completes.
	 * @param result a {@link Publisher}
	 * @param completion the call's awards
	 * @param resolver the resolver in use: with Spring Security's, a user it could not
	 * give on the caller's thread comes from the subscriber's reactive security context
	 * @return a publisher of the same type: a {@code Mono} for a {@code Mono}, else a
	 * {@code Flux}
	 */
	static Object awardOnCompletion(Object result, ActivityScoreCompletion completion, ActivityUserResolver resolver) {
		boolean securityUser = SECURITY_PRESENT && resolver instanceof SecurityActivityUserResolver;
		if (result instanceof Mono<?> mono) {
			return Mono.deferContextual((context) -> {
				// subscribed: from now until it ends, awaitApplied waits for it
				Runnable release = completion.hold();
				Object parent = context.getOrDefault(ReactorObservation.CONTEXT_KEY, null);
				return user(completion, securityUser).flatMap((user) -> mono.doOnSuccess(
						(value) -> ReactorObservation.within(parent, () -> completion.completed(value, orNull(user)))))
					.doFinally((signal) -> release.run());
			});
		}
		if (!completion.returnType().isAssignableFrom(Flux.class)) {
			// ActivityScoreValidator stops the start for such a method
			logger.error("@ActivityScore cannot wait for the " + result.getClass().getName() + " of "
					+ completion.returnType() + "; nothing awarded");
			return result;
		}
		Flux<?> flux = Flux.from((Publisher<?>) result);
		return Flux.deferContextual((context) -> {
			Runnable release = completion.hold();
			Object parent = context.getOrDefault(ReactorObservation.CONTEXT_KEY, null);
			// signals are serial: the last element is read on completion
			AtomicReference<Object> last = new AtomicReference<>();
			return user(completion, securityUser)
				.flatMapMany((user) -> flux.doOnNext(last::set)
					.doOnComplete(() -> ReactorObservation.within(parent,
							() -> completion.completed(last.get(), orNull(user)))))
				.doFinally((signal) -> release.run());
		});
	}

	/**
	 * The user of the subscriber's security context when the resolver gave none on the
	 * caller's thread (a WebFlux request), read without blocking; else {@link #NO_USER}.
	 */
	private static Mono<String> user(ActivityScoreCompletion completion, boolean securityUser) {
		if (!securityUser || !completion.lacksUser()) {
			return Mono.just(NO_USER);
		}
		return ReactiveSecurityUser.currentUserId().onErrorResume((ex) -> Mono.empty()).defaultIfEmpty(NO_USER);
	}

	private static String orNull(String user) {
		return NO_USER.equals(user) ? null : user;
	}

}
