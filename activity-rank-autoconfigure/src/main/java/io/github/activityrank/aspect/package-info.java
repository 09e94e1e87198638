/**
 * The {@code @ActivityScore} aspect: reads each annotated method once into an operation,
 * evaluates its SpEL expressions and hands the awards to the dispatcher; validates every
 * annotation at startup. Internal.
 */
package io.github.activityrank.aspect;
