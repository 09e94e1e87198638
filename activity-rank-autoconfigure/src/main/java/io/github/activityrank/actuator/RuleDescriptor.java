package io.github.activityrank.actuator;

/**
 * One rule.
 *
 * @param points points per award, negative for a penalty
 * @param oncePer {@code day} or {@code ever}
 * @param dailyCap most points per user and day from this rule, {@code null} for none
 * @param weeklyCap most points per user and ISO week from this rule, {@code null} for
 * none
 * @param monthlyCap most points per user and calendar month from this rule, {@code null}
 * for none
 */
public record RuleDescriptor(long points, String oncePer, Long dailyCap, Long weeklyCap, Long monthlyCap) {

}
