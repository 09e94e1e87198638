package io.github.activityrank;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

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
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(ActivityScore.List.class)
public @interface ActivityScore {

	/**
	 * Name of a rule under {@code activity-rank.rules}; points, once-per window and caps
	 * come from it.
	 * @return the rule name, or empty when {@link #points()} is given
	 */
	String rule() default "";

	/**
	 * Points to award when no rule is named, or to use instead of the rule's points. Zero
	 * means "not set".
	 * @return the points
	 */
	long points() default 0;

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
	 * Holds several {@link ActivityScore} annotations on one method; all of them apply.
	 */
	@Target(ElementType.METHOD)
	@Retention(RetentionPolicy.RUNTIME)
	@Documented
	@interface List {

		/**
		 * The annotations.
		 * @return the annotations
		 */
		ActivityScore[] value();

	}

}
