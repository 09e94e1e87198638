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
 * and again by the first request of each new month; creating it again is harmless, so
 * every instance of the app does it.
 */
@Component
public class MonthlyChallenge {

	/** The rules that count: writing, not reading. */
	static final Set<String> RULES = Set.of("publish", "comment");

	private final ChallengeService challenges;

	private final Clock clock;

	private volatile YearMonth created;

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
	 * This month's challenge, created if this instance has not created it yet.
	 * @return the definition
	 */
	public ChallengeDefinition current() {
		YearMonth month = YearMonth.now(this.clock);
		ChallengeDefinition definition = definition(month);
		if (!month.equals(this.created)) {
			this.challenges.create(definition);
			this.created = month;
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
