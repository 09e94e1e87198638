/**
 * The actuator endpoint and the Micrometer meters of activity-rank (their auto-
 * configurations live in {@code autoconfigure}). Internal.
 */
package io.github.activityrank.actuator;
