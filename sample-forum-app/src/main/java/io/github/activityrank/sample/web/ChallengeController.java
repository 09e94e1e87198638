package io.github.activityrank.sample.web;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.challenge.MonthlyChallenge;
import io.github.activityrank.sample.forum.ConflictException;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.NotFoundException;
import io.github.activityrank.sample.forum.User;
import io.github.activityrank.sample.web.ArticleController.Toggle;
import io.github.activityrank.sample.web.RankController.Entry;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The challenges: which run, joining and leaving them, and their boards, read like the
 * period boards of {@link RankController}. Reading them never scores.
 */
@RestController
@RequestMapping("/api/challenges")
class ChallengeController {

	private final ChallengeService challenges;

	private final MonthlyChallenge monthly;

	private final ForumService forum;

	/** The application's clock, as the starter sees it. */
	private final Clock clock;

	ChallengeController(ChallengeService challenges, MonthlyChallenge monthly, ForumService forum,
			ObjectProvider<Clock> clock) {
		this.challenges = challenges;
		this.monthly = monthly;
		this.forum = forum;
		this.clock = clock.getIfUnique(Clock::systemUTC);
	}

	/**
	 * The challenges running now; {@code joined} says whether the acting user takes part
	 * (null without one).
	 */
	@GetMapping
	List<Challenge> running(@Nullable Actor actor) {
		this.monthly.current();
		Set<String> joined = (actor != null) ? this.challenges.joined(String.valueOf(actor.id()))
			.stream()
			.map(ChallengeDefinition::id)
			.collect(Collectors.toSet()) : null;
		return this.challenges.active().stream().map((challenge) -> describe(challenge, joined)).toList();
	}

	@PostMapping("/{id}/join")
	Toggle join(@PathVariable String id, Actor actor) {
		ChallengeDefinition challenge = joinable(id);
		try {
			return new Toggle(true, this.challenges.join(challenge.id(), String.valueOf(actor.id())));
		}
		catch (IllegalStateException ex) {
			throw new ConflictException(ex.getMessage());
		}
	}

	@DeleteMapping("/{id}/join")
	Toggle leave(@PathVariable String id, Actor actor) {
		ChallengeDefinition challenge = joinable(id);
		return new Toggle(false, this.challenges.leave(challenge.id(), String.valueOf(actor.id())));
	}

	/**
	 * A page of the board: {@code size} lines from position {@code offset} (0 is the
	 * top).
	 */
	@GetMapping("/{id}/rank")
	Board top(@PathVariable String id, @RequestParam(defaultValue = "30") int size,
			@RequestParam(defaultValue = "0") long offset) {
		ChallengeDefinition challenge = require(id);
		if (size < 1 || size > ActivityLimits.MAX_PAGE_SIZE) {
			throw new InvalidRequestException("size must be from 1 to " + ActivityLimits.MAX_PAGE_SIZE);
		}
		if (offset < 0) {
			throw new InvalidRequestException("offset must be 0 or more");
		}
		return new Board(challenge.id(), entries(this.challenges.board(challenge.id()).page(offset, size)));
	}

	/**
	 * The acting user's line; {@code rank} is null and {@code score} 0 while they are not
	 * on the board.
	 */
	@GetMapping("/{id}/rank/me")
	Mine me(@PathVariable String id, Actor actor) {
		ChallengeDefinition challenge = require(id);
		String userId = String.valueOf(actor.id());
		Entry entry = this.challenges.board(challenge.id())
			.rankOf(userId)
			.map(ChallengeController::entry)
			.orElseGet(() -> {
				User user = this.forum.requireUser(actor.id());
				return new Entry(null, userId, 0, user.name(), user.avatar());
			});
		return new Mine(challenge.id(), entry);
	}

	@GetMapping("/{id}/rank/around-me")
	Board aroundMe(@PathVariable String id, Actor actor, @RequestParam(defaultValue = "5") int radius) {
		ChallengeDefinition challenge = require(id);
		if (radius < 0 || radius > ActivityLimits.MAX_RADIUS) {
			throw new InvalidRequestException("radius must be from 0 to " + ActivityLimits.MAX_RADIUS);
		}
		return new Board(challenge.id(),
				entries(this.challenges.board(challenge.id()).around(String.valueOf(actor.id()), radius)));
	}

	private ChallengeDefinition require(String id) {
		return this.challenges.find(id).orElseThrow(() -> new NotFoundException("No challenge '" + id + "'"));
	}

	/** A challenge that can be joined and left: not open to all, not ended. */
	private ChallengeDefinition joinable(String id) {
		ChallengeDefinition challenge = require(id);
		if (challenge.openToAll()) {
			throw new ConflictException("Challenge '" + id + "' is open to everyone; there is nothing to join");
		}
		if (!this.clock.instant().isBefore(challenge.end())) {
			throw new ConflictException("Challenge '" + id + "' has ended");
		}
		return challenge;
	}

	private Challenge describe(ChallengeDefinition challenge, @Nullable Set<String> joined) {
		return new Challenge(challenge.id(), this.monthly.title(challenge), challenge.start(), challenge.end(),
				challenge.rules().stream().sorted().toList(), challenge.openToAll(),
				(joined != null) ? joined.contains(challenge.id()) : null,
				this.challenges.board(challenge.id()).size());
	}

	private static List<Entry> entries(List<RankEntry> entries) {
		return entries.stream().map(ChallengeController::entry).toList();
	}

	private static Entry entry(RankEntry entry) {
		if (entry.details() instanceof User user) {
			return new Entry(entry.rank(), entry.id(), entry.score(), user.name(), user.avatar());
		}
		return new Entry(entry.rank(), entry.id(), entry.score(), null, null);
	}

	/**
	 * A running challenge.
	 *
	 * @param id the challenge id
	 * @param title what the page shows
	 * @param start the first instant that counts
	 * @param end the instant it ends
	 * @param rules the rules whose awards count, empty for all
	 * @param openToAll whether everyone takes part without joining
	 * @param joined whether the acting user joined; null without one
	 * @param players how many users are on its board
	 */
	record Challenge(String id, String title, Instant start, Instant end, List<String> rules, boolean openToAll,
			@Nullable Boolean joined, long players) {
	}

	/**
	 * A challenge board.
	 *
	 * @param challenge the challenge id
	 * @param entries the lines, best first
	 */
	record Board(String challenge, List<Entry> entries) {
	}

	/**
	 * The acting user's line on a challenge board.
	 *
	 * @param challenge the challenge id
	 * @param entry the line
	 */
	record Mine(String challenge, Entry entry) {
	}

}
