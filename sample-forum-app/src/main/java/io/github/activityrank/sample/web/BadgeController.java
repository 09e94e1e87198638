package io.github.activityrank.sample.web;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import io.github.activityrank.Badge;
import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.BadgeService;
import io.github.activityrank.Level;
import io.github.activityrank.LevelReachedEvent;
import io.github.activityrank.sample.forum.ForumService;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Levels and badges ({@code activity-rank.levels}, {@code activity-rank.badges}): a
 * user's level with the progress to the next, their badges, and the acting user's recent
 * notices ("You earned ..."), kept from the starter's events in memory.
 */
@RestController
@RequestMapping("/api")
class BadgeController {

	/** Notices kept, newest last: enough for the page to catch up after a pause. */
	private static final int KEPT = 200;

	private final BadgeService badges;

	private final ForumService forum;

	/** Where each level starts, as {@code activity-rank.levels.at} says. */
	private final List<Long> levelStarts;

	private final Deque<Notice> notices = new ArrayDeque<>();

	private long lastSeq;

	BadgeController(BadgeService badges, ForumService forum, Environment environment) {
		this.badges = badges;
		this.forum = forum;
		this.levelStarts = Binder.get(environment)
			.bind("activity-rank.levels.at", Bindable.listOf(Long.class))
			.orElse(List.of(0L));
	}

	/** A user's level, with the share of the way to the next, and their badges. */
	@GetMapping("/users/{id}/achievements")
	Achievements achievements(@PathVariable long id) {
		this.forum.requireUser(id);
		String user = String.valueOf(id);
		Level level = this.badges.level(user);
		long from = this.levelStarts.get(level.number() - 1);
		int percent = (level.nextAt() == null) ? 100 : (int) (100 * (level.points() - from) / (level.nextAt() - from));
		return new Achievements(level, from, percent, this.badges.badges(user));
	}

	/** The acting user's notices after a sequence number (0: all kept). */
	@GetMapping("/me/notices")
	synchronized List<Notice> notices(Actor actor, @RequestParam(defaultValue = "0") long after) {
		String user = String.valueOf(actor.id());
		return this.notices.stream().filter((n) -> n.seq() > after && n.userId().equals(user)).toList();
	}

	@EventListener
	void earned(BadgeEarnedEvent event) {
		String text = (event.tier() > 1) ? "You earned " + event.badge() + " (tier " + event.tier() + ")"
				: "You earned " + event.badge();
		add(event.userId(), text, event.at());
	}

	@EventListener
	void reached(LevelReachedEvent event) {
		add(event.userId(), "Level " + event.level() + ((event.name() != null) ? " · " + event.name() : "") + "!",
				event.at());
	}

	private synchronized void add(String userId, String text, Instant at) {
		this.notices.addLast(new Notice(++this.lastSeq, userId, text, at));
		if (this.notices.size() > KEPT) {
			this.notices.removeFirst();
		}
	}

	record Achievements(Level level, long levelFrom, int percent, List<Badge> badges) {
	}

	record Notice(long seq, String userId, String text, Instant at) {
	}

}
