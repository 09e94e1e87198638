package io.github.activityrank.engine;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Caps have one definition in the score script, which both of its loops run: the same
 * awards and revokes over weeks, under daily, weekly and monthly caps of a rule and a
 * global daily cap, answer alike and leave the same points on the lean loop (plain
 * boards) and on the full script (dense ranks, which the lean loop does not take).
 */
class CapPathsAgreeTests {

	private static final LocalDateTime START = LocalDateTime.of(2026, 11, 20, 9, 0);

	private static final Map<String, ScoringRule> RULES = Map.of("answer",
			new ScoringRule("answer", 3, false, 10L, 25L, 60L), "praise", new ScoringRule("praise", 2, false, 6L),
			"post", new ScoringRule("post", 5, false, null));

	private static final String[] NAMES = { "answer", "praise", "post" };

	private final EngineFixture lean = new EngineFixture(START, EnumSet.allOf(Period.class), RULES, 14L, null,
			BoardOrder.DEFAULT);

	private final EngineFixture full = new EngineFixture(START, EnumSet.allOf(Period.class), RULES, 14L, null,
			new BoardOrder(TieBreak.NONE, Ranking.DENSE, BoardOrder.DEFAULT_EPOCH));

	@AfterEach
	void cleanUp() {
		this.lean.close();
		this.full.close();
	}

	@Test
	void theLeanLoopAndTheFullScriptAnswerAlikeUnderEveryCap() {
		Random random = new Random(39);
		int capped = 0;
		int clipped = 0;
		for (int op = 0; op < 3000; op++) {
			if (op % 40 == 39) {
				Duration step = Duration.ofHours(random.nextInt(14));
				this.lean.clock.advance(step);
				this.full.clock.advance(step);
			}
			String user = "u" + random.nextInt(4);
			String field = "f" + random.nextInt(25);
			String rule = NAMES[random.nextInt(NAMES.length)];
			boolean revoke = random.nextInt(5) == 0;
			AwardResult onLean = revoke ? this.lean.service.revoke(user, field, rule)
					: this.lean.service.award(user, field, rule);
			AwardResult onFull = revoke ? this.full.service.revoke(user, field, rule)
					: this.full.service.award(user, field, rule);
			assertThat(onFull).as("op %d: %s %s %s %s", op, revoke ? "revoke" : "award", user, field, rule)
				.isEqualTo(onLean);
			capped += (onLean.outcome() == AwardResult.Outcome.CAPPED) ? 1 : 0;
			clipped += (!revoke && onLean.outcome() == AwardResult.Outcome.AWARDED
					&& onLean.points() < RULES.get(rule).points()) ? 1 : 0;
		}
		// the caps bound: some awards were refused, some cut short
		assertThat(capped).isPositive();
		assertThat(clipped).isPositive();
		for (Period period : Period.values()) {
			assertThat(scores(this.full, period)).as(period.name()).isEqualTo(scores(this.lean, period));
		}
	}

	private static Map<String, Long> scores(EngineFixture engine, Period period) {
		Map<String, Long> scores = new TreeMap<>();
		engine.service.board(period).top(10).forEach((entry) -> scores.put(entry.id(), entry.score()));
		return scores;
	}

}
