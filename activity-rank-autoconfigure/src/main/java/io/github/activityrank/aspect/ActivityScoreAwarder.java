package io.github.activityrank.aspect;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.support.LogText;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.expression.EvaluationContext;

/**
 * Turns the {@code @ActivityScore} annotations of a method that returned into awards and
 * hands them to the dispatcher. Expressions are evaluated on the caller's thread (where
 * the security context and the arguments' state are those of the call), or for a method
 * whose work completes later, on the thread that completes it; only the award itself is
 * deferred. A thread that must not block (a Netty event loop) never waits for the
 * dispatcher.
 */
final class ActivityScoreAwarder {

	private static final Log logger = LogFactory.getLog(ActivityScoreAwarder.class);

	private final ActivityDispatcher dispatcher;

	private final Supplier<ActivityUserResolver> userResolver;

	private final ActivityScoreExpressionEvaluator evaluator;

	private final WarnOnce evaluationErrorLog = new WarnOnce(logger,
			"further evaluation errors are logged at debug level and counted");

	ActivityScoreAwarder(ActivityDispatcher dispatcher, Supplier<ActivityUserResolver> userResolver,
			ActivityScoreExpressionEvaluator evaluator) {
		this.dispatcher = dispatcher;
		this.userResolver = userResolver;
		this.evaluator = evaluator;
	}

	/**
	 * The resolver in use, or {@code null}.
	 */
	ActivityUserResolver resolver() {
		return this.userResolver.get();
	}

	/**
	 * Count awards that wait for their method's completion as pending until the release
	 * runs.
	 */
	Runnable hold() {
		return this.dispatcher.hold();
	}

	/**
	 * The resolver's current user, or {@code null}; called on the caller's thread only.
	 */
	String currentUser() {
		ActivityUserResolver resolver = this.userResolver.get();
		return (resolver != null) ? resolver.currentUserId() : null;
	}

	/**
	 * Award for a method that returned {@code result}, after commit when a transaction is
	 * active.
	 * @param metadata the method's cached metadata, not
	 * {@link ActivityScoreMetadata#NONE}
	 * @param method the invoked method
	 * @param callerUser the resolver's user, resolved when it was needed on the caller's
	 * thread; {@code null} when no annotation of the method uses the resolver
	 */
	void award(ActivityScoreMetadata metadata, Method method, Object target, Class<?> targetClass, Object[] args,
			Object result, Supplier<String> callerUser) {
		Method specific = metadata.specificMethod();
		EvaluationContext context = this.evaluator.createContext(method, specific, args, target, targetClass, result);
		List<ActivityScoreOperation> operations = metadata.operations();
		if (operations.size() == 1) {
			// the common case, without a list to collect into
			ActivityEvent event = event(operations.get(0), metadata, context, callerUser);
			if (event != null) {
				this.dispatcher.dispatchWithoutBlocking(List.of(event));
			}
			return;
		}
		List<ActivityEvent> events = new ArrayList<>(operations.size());
		for (ActivityScoreOperation operation : operations) {
			ActivityEvent event = event(operation, metadata, context, callerUser);
			if (event != null) {
				events.add(event);
			}
		}
		this.dispatcher.dispatchWithoutBlocking(events);
	}

	/**
	 * The award of one annotation, or {@code null} after counting and logging why not.
	 */
	private ActivityEvent event(ActivityScoreOperation operation, ActivityScoreMetadata metadata,
			EvaluationContext context, Supplier<String> callerUser) {
		try {
			return toEvent(operation, metadata.specificMethod(), metadata.element(), context, callerUser);
		}
		catch (RuntimeException ex) {
			evaluationError(
					"@ActivityScore on " + describe(metadata.specificMethod()) + " could not be evaluated: " + ex, ex);
			return null;
		}
	}

	private ActivityEvent toEvent(ActivityScoreOperation operation, Method method, AnnotatedElementKey element,
			EvaluationContext context, Supplier<String> callerUser) {
		if (!operation.condition().isEmpty() && !isTrue(operation.condition(), element, context)) {
			return null;
		}
		String user = operation.usesResolver() ? callerUser.get()
				: asId(this.evaluator.value(operation.user(), element, context), method, "user", operation.user());
		if (user == null || user.isBlank()) {
			if (operation.usesResolver()) {
				// nobody signed in: nothing to award, and not an error of the annotation
				if (logger.isDebugEnabled()) {
					logger.debug("No current user for @ActivityScore on " + describe(method) + "; nothing awarded");
				}
			}
			else {
				evaluationError(nullMessage(method, "user", operation.user()), null);
			}
			return null;
		}
		String field;
		if (!operation.field().isEmpty()) {
			field = asId(this.evaluator.value(operation.field(), element, context), method, "field", operation.field());
			if (field == null || field.isBlank()) {
				evaluationError(nullMessage(method, "field", operation.field()), null);
				return null;
			}
		}
		else {
			// documented default: the rule name, or the method name for points without a
			// rule
			field = operation.rule().isEmpty() ? method.getName() : operation.rule();
		}
		boolean revoke = !operation.revoke().isEmpty() && isTrue(operation.revoke(), element, context);
		Long points = (operation.points() != 0) ? operation.points() : null;
		// a revoke takes back what the award's record holds, so the call's points do not
		// matter then, and a value the expression cannot give on the undo is no error
		if (!revoke && !operation.pointsExpression().isEmpty()) {
			points = points(operation.pointsExpression(), method, element, context);
			if (points == null) {
				return null;
			}
		}
		ActivityEvent event = new ActivityEvent(user, field, operation.rule().isEmpty() ? null : operation.rule(),
				points, revoke);
		if (!operation.scope().isEmpty() && !revoke) {
			String scopeId = asId(this.evaluator.value(operation.scopeId(), element, context), method, "scopeId",
					operation.scopeId());
			if (scopeId == null || scopeId.isBlank()) {
				evaluationError(nullMessage(method, "scopeId", operation.scopeId()), null);
				return null;
			}
			event = event.withScope(operation.scope(), scopeId);
		}
		if (operation.itemType().isEmpty()) {
			return event;
		}
		String item = asId(this.evaluator.value(operation.item(), element, context), method, "item", operation.item());
		if (item == null || item.isBlank()) {
			evaluationError(nullMessage(method, "item", operation.item()), null);
			return null;
		}
		return event.withItem(operation.itemType(), item);
	}

	/**
	 * The points a {@code pointsExpression} gives, or {@code null} after counting and
	 * logging a value that is not points.
	 */
	private Long points(String expression, Method method, AnnotatedElementKey element, EvaluationContext context) {
		Object value = this.evaluator.value(expression, element, context);
		if (value == null) {
			evaluationError(nullMessage(method, "pointsExpression", expression), null);
			return null;
		}
		try {
			return ActivityScorePoints.of(value);
		}
		catch (IllegalArgumentException ex) {
			evaluationError("@ActivityScore pointsExpression = \"" + expression + "\" on " + describe(method) + " gave "
					+ describeValue(value) + ", " + ex.getMessage() + "; nothing awarded", null);
			return null;
		}
	}

	private boolean isTrue(String expression, AnnotatedElementKey element, EvaluationContext context) {
		Object value = this.evaluator.value(expression, element, context);
		if (value instanceof Boolean bool) {
			return bool;
		}
		if (value instanceof String text) {
			// strict: "maybe" or "yes" must not silently mean false and award instead of
			// revoking
			String trimmed = text.trim();
			if (trimmed.equalsIgnoreCase("true") || trimmed.equalsIgnoreCase("false")) {
				return Boolean.parseBoolean(trimmed);
			}
		}
		throw new IllegalStateException(
				"Expression '" + expression + "' gave " + describeValue(value) + ", not a boolean (true or false)");
	}

	/**
	 * A user id or field from an expression's value: text, a number, a character, a UUID
	 * or an enum constant. Anything else (an entity, a collection, an array) would become
	 * a meaningless {@code toString()} such as {@code User@1b2c3d} on the boards, so it
	 * is an error.
	 * @return the id, or {@code null} for a {@code null} value
	 * @throws IllegalStateException for a value of another type
	 */
	private static String asId(Object value, Method method, String attribute, String expression) {
		if (value == null) {
			return null;
		}
		if (value instanceof CharSequence || value instanceof Number || value instanceof Character
				|| value instanceof UUID || value instanceof Enum<?>) {
			return value.toString();
		}
		throw new IllegalStateException("@ActivityScore " + attribute + " = \"" + expression + "\" on "
				+ describe(method) + " gave " + describeValue(value)
				+ ", not a String or a number; return the id itself (for example #user.id)");
	}

	private static String describeValue(Object value) {
		if (value == null) {
			return "null";
		}
		return "a " + value.getClass().getName() + " ('" + LogText.of(String.valueOf(value)) + "')";
	}

	private static String nullMessage(Method method, String attribute, String expression) {
		return "@ActivityScore " + attribute + " = \"" + expression + "\" on " + describe(method)
				+ " gave null; nothing awarded (if it names a parameter, compile with -parameters)";
	}

	private void evaluationError(String message, Throwable ex) {
		this.dispatcher.getCounters().evaluationError();
		this.evaluationErrorLog.log(message, ex);
	}

	static String describe(Method method) {
		return method.getDeclaringClass().getName() + "." + method.getName();
	}

}
