/**
 * Micrometer observations of awards and board reads: the
 * {@link io.micrometer.observation.Observation.Context} of each, their
 * {@link io.micrometer.observation.ObservationConvention}s (replace one by defining a
 * bean of its interface) and their documented names and keys in
 * {@link io.github.activityrank.observation.ActivityRankObservationDocumentation}. Made
 * only when the application has an {@code ObservationRegistry}.
 */
package io.github.activityrank.observation;
