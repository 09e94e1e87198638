package io.github.activityrank.redis;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.Period;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.AchievementListener;
import io.github.activityrank.engine.ActivityCalendar;
import io.github.activityrank.engine.BadgeDefinition;
import io.github.activityrank.engine.BadgeDefinition.Kind;
import io.github.activityrank.engine.TopBadgeRecorder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.event.EventListener;

/**
 * Grants the top badges ({@code top} with {@code period} or {@code challenges}) when a
 * board ends. It listens to the end events, which {@link EndedBoardEvents} publishes once
 * across instances; each grant is also once per board and user in Redis
 * ({@code badge-top.lua}), so an end published again grants nothing twice. A user earns
 * the badge with a rank at or above its {@code top}, ties included. With the ledger on,
 * the grants of a board are recorded there first ({@link TopBadgeRecorder}), once per
 * board, so a rebuild restores them.
 */
public class TopBadgeGrants {

	private static final Log logger = LogFactory.getLog(TopBadgeGrants.class);

	private final BadgeStore store;

	private final ActivityCalendar calendar;

	private final AchievementListener listener;

	private TopBadgeRecorder recorder = TopBadgeRecorder.NONE;

	/**
	 * Create the grants.
	 * @param store where badges are kept
	 * @param calendar the zone a period ends in
	 * @param listener told of each badge granted
	 */
	public TopBadgeGrants(BadgeStore store, ActivityCalendar calendar, AchievementListener listener) {
		this.store = store;
		this.calendar = calendar;
		this.listener = listener;
	}

	/**
	 * Record each board's grants before they are made, as the ledger does.
	 * @param recorder where they are recorded
	 */
	public void setRecorder(TopBadgeRecorder recorder) {
		this.recorder = recorder;
	}

	/**
	 * Grant the top badges of a period's board that ended.
	 * @param event the end
	 */
	@EventListener
	public void periodEnded(PeriodEndedEvent event) {
		Period period = event.period();
		LocalDate end = ActivityCalendar.end(period, event.start());
		Instant at = end.atStartOfDay(this.calendar.zone()).toInstant();
		String board = period.name().toLowerCase() + ":" + event.start();
		grant(event.top(), board, at, (badge) -> badge.period() == period);
	}

	/**
	 * Grant the top badges of a challenge that ended.
	 * @param event the end
	 */
	@EventListener
	public void challengeEnded(ChallengeEndedEvent event) {
		grant(event.top(), "challenge:" + event.challenge().id(), event.challenge().end(), BadgeDefinition::challenges);
	}

	private void grant(List<RankEntry> top, String board, Instant at, Predicate<BadgeDefinition> earnedBy) {
		List<Achievement> earned = new ArrayList<>();
		for (BadgeDefinition badge : this.store.settings().badges()) {
			if (badge.kind() != Kind.TOP || !earnedBy.test(badge)) {
				continue;
			}
			for (RankEntry entry : top) {
				if (entry.rank() <= badge.top()) {
					earned.add(new Achievement(entry.id(), badge.name(), 1, at));
				}
			}
		}
		if (earned.isEmpty()) {
			return;
		}
		try {
			this.recorder.record(board, earned);
		}
		catch (RuntimeException ex) {
			logger.warn("activity-rank could not record the top badges of " + board
					+ " in the ledger; they are granted in Redis, a rebuild will not restore them: " + ex);
		}
		List<Achievement> granted = new ArrayList<>();
		for (Achievement achievement : earned) {
			if (this.store.grantTop(achievement.userId(), achievement.badge(), board, at)) {
				granted.add(achievement);
			}
		}
		if (!granted.isEmpty()) {
			this.listener.reached(granted);
		}
	}

}
