package io.github.activityrank;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.aot.hint.annotation.Reflective;

/**
 * Awards (or revokes) activity points when the annotated method returns normally.
 * <pre class="code">
 * &#064;ActivityScore(rule = "praise", field = "#articleId + '_praise'", revoke = "!#praise")
 * public void praise(long articleId, boolean praise) { ... }
 * </pre> Expressions are SpEL. They see the method's parameters by name and as
 * {@code #p0}/{@code #a0}, {@code #result} (the returned value), the root object
 * ({@code method}, {@code args}, {@code target}, {@code targetClass}) and beans as
 * {@code @name}. Every expression is checked while the application context starts; a
 * mistake stops the start with a message naming the method.
 * <p>
 * Inside a transaction the award happens after commit and nothing happens on rollback. By
 * default awards run on a bounded background executor so they never slow the method down.
 * <p>
 * A method whose work completes later awards when it completes successfully, and nothing
 * on an error or a cancellation: a {@code CompletionStage} when it completes, a Reactor
 * {@code Mono} or {@code Flux} once per subscription when it completes ({@code #result}
 * is the {@code Mono}'s value, or the {@code Flux}'s last element; {@code null} when
 * empty). A {@code Mono} nobody subscribes to awards nothing. In WebFlux, without a
 * {@code user} expression the acting user comes from the subscriber's reactive security
 * context.
 * <p>
 * Annotated methods are registered for reflection when the application is processed ahead
 * of time ({@link Reflective}), so the aspect and the startup check find them in a native
 * image.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(ActivityScore.List.class)
@Reflective
public @interface ActivityScore {

	/**
	 * Name of a rule under {@code activity-rank.rules}; points, once-per window and caps
	 * come from it.
	 * @return the rule name, or empty when {@link #points()} or
	 * {@link #pointsExpression()} is given
	 */
	String rule() default "";

	/**
	 * Points to award when no rule is named, or to use instead of the rule's points. Zero
	 * means "not set". For points that depend on the call, use
	 * {@link #pointsExpression()} instead (not both).
	 * @return the points
	 */
	long points() default 0;

	/**
	 * SpEL giving the points of this call, a whole number from 1 to
	 * {@value io.github.activityrank.ActivityLimits#MAX_POINTS}. It acts as
	 * {@link #points()} would with that value: without a rule it is the award; with a
	 * rule it replaces the rule's points while the rule's once-per window and caps still
	 * apply. <pre class="code">
	 * &#064;ActivityScore(rule = "walk", pointsExpression = "#steps / 100", field = "#day")
	 * public void walk(int steps, String day) { ... }
	 * </pre>
	 * <p>
	 * The value may be an {@code Integer}, {@code Long}, {@code Short}, {@code Byte},
	 * {@code BigInteger}, or a {@code BigDecimal}, {@code Double} or {@code Float}
	 * without a fraction. Anything else (null, a fraction, zero or less, more than the
	 * maximum, a {@code String}, a boolean, another object) or an expression that throws
	 * is logged, counted as an evaluation error and awards nothing; the method's result
	 * is kept. Text is refused because {@code +} on text concatenates: convert it in the
	 * expression, for example {@code T(Long).parseLong(#steps)}. To award nothing for
	 * small values without an error, add a {@link #condition()} such as
	 * {@code "#steps >= 100"}.
	 * <p>
	 * A revoke takes back exactly what the earlier award stored, so the expression is not
	 * evaluated when {@link #revoke()} is {@code true}.
	 * @return the points expression, empty for none
	 */
	String pointsExpression() default "";

	/**
	 * SpEL giving the id of the user who earns the points. Empty: the
	 * {@link ActivityUserResolver}.
	 * @return the user expression
	 */
	String user() default "";

	/**
	 * SpEL giving the idempotency field: the same user and field score once per window.
	 * Empty: the rule name.
	 * @return the field expression
	 */
	String field() default "";

	/**
	 * SpEL boolean; when it is {@code true} the call takes the points back instead of
	 * awarding them.
	 * @return the revoke expression, empty for never
	 */
	String revoke() default "";

	/**
	 * SpEL boolean evaluated after the method returns; {@code false} means nothing
	 * happens.
	 * @return the condition, empty for always
	 */
	String condition() default "";

	/**
	 * The item type (from {@code activity-rank.items}) the award also scores; it must
	 * list the rule under its {@code points}. Empty: no item.
	 * @return the item type
	 */
	String itemType() default "";

	/**
	 * SpEL giving the item's id (same limits as a user id), with {@link #itemType()}.
	 * @return the item expression
	 */
	String item() default "";

	/**
	 * The scope kind (from {@code activity-rank.scopes}) the award also scores, with
	 * {@link #scopeId()}: the user gets the award's points on the boards of that scope id
	 * too (see docs/scopes.md). Empty: no scope. For several kinds, publish an
	 * {@link ActivityEvent} with {@link ActivityEvent#withScope} per kind.
	 * @return the scope kind
	 */
	String scope() default "";

	/**
	 * SpEL giving the scope id (same limits as a user id), with {@link #scope()}, such as
	 * {@code "#article.category"}. A revoke needs none: it takes back what its award
	 * gave.
	 * @return the scope id expression
	 */
	String scopeId() default "";

	/**
	 * Holds several {@link ActivityScore} annotations on one method; all of them apply.
	 */
	@Target(ElementType.METHOD)
	@Retention(RetentionPolicy.RUNTIME)
	@Documented
	@Reflective
	@interface List {

		/**
		 * The annotations.
		 * @return the annotations
		 */
		ActivityScore[] value();

	}

}
