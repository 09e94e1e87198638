package io.github.activityrank;

import java.time.Duration;

/**
 * What a rebuild replayed.
 *
 * @param entries ledger entries replayed into the boards
 * @param users distinct users among them
 * @param took how long the rebuild ran, switch included
 */
public record RebuildReport(long entries, long users, Duration took) {

}
