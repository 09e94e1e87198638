package io.github.activityrank.sample.challenge;

import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Set;

import io.github.activityrank.ChallengeDefinition;
import io.github.activityrank.ChallengeService;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The forum's monthly writing challenge: publishing and commenting count, from the first
 * to the last day of the calendar month, for those who join. Created when the app starts
 * and by the first listing of challenges in a new month; creating it again is harmless,
 * so every instance of the app does it.
 */
@Component
public class MonthlyChallenge {

	/** The rules that count: writing, not reading. */
	static final Set<String> RULES = Set.of("publish", "comment");

	private final ChallengeService challenges;

	private final Clock clock;

	MonthlyChallenge(ChallengeService challenges, Environment environment, ObjectProvider<Clock> clock) {
		this.challenges = challenges;
		ZoneId zone = environment.getProperty("activity-rank.time-zone", ZoneId.class, ZoneId.systemDefault());
		this.clock = clock.getIfUnique(Clock::systemUTC).withZone(zone);
	}

	@EventListener(ApplicationReadyEvent.class)
	void createAtStartup() {
		current();
	}

	/**
	 * This month's challenge, created when it does not exist (a new month, or its keys
	 * were deleted).
	 * @return the definition
	 */
	public ChallengeDefinition current() {
		ChallengeDefinition definition = definition(YearMonth.now(this.clock));
		if (this.challenges.find(definition.id()).isEmpty()) {
			this.challenges.create(definition);
		}
		return definition;
	}

	/**
	 * A display title for a challenge: "November 2026 writing challenge" for the monthly
	 * ones, the id for others.
	 * @param definition the challenge
	 * @return the title
	 */
	public String title(ChallengeDefinition definition) {
		YearMonth month = YearMonth.from(definition.start().atZone(this.clock.getZone()));
		if (definition.equals(definition(month))) {
			return month.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + month.getYear()
					+ " writing challenge";
		}
		return definition.id();
	}

	private ChallengeDefinition definition(YearMonth month) {
		ZoneId zone = this.clock.getZone();
		return new ChallengeDefinition("writing-" + month, month.atDay(1).atStartOfDay(zone).toInstant(),
				month.plusMonths(1).atDay(1).atStartOfDay(zone).toInstant(), RULES, false);
	}

}
