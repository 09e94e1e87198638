package io.github.activityrank;

import java.util.List;

/**
 * Published as a Spring application event once a challenge has ended, for badges and
 * prizes. Each one is published once across all instances of the application that share
 * the Redis, within {@code activity-rank.events.check-interval} of the end, or by the
 * next instance to start while the challenge is retained. A challenge nobody scored in
 * publishes nothing.
 *
 * @param challenge the challenge that ended
 * @param top the best users, up to {@code activity-rank.events.top} entries, best first
 */
public record ChallengeEndedEvent(ChallengeDefinition challenge, List<RankEntry> top) {
}
