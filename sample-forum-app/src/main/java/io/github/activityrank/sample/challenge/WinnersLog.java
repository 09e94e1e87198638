package io.github.activityrank.sample.challenge;

import java.util.List;
import java.util.stream.Collectors;

import io.github.activityrank.ChallengeEndedEvent;
import io.github.activityrank.PeriodEndedEvent;
import io.github.activityrank.RankEntry;
import io.github.activityrank.sample.forum.User;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Logs the winners of each day, week and month board and of each challenge once it has
 * ended: where a real forum would hand out badges and prizes. The starter publishes each
 * end once, whichever instance of the app claims it.
 */
@Component
class WinnersLog {

	private static final Log logger = LogFactory.getLog(WinnersLog.class);

	/** How many winners a line names. */
	private static final int SHOWN = 3;

	@EventListener
	void periodEnded(PeriodEndedEvent event) {
		logger.info("Winners of the " + event.period().name().toLowerCase() + " from " + event.start() + ": "
				+ winners(event.top()));
	}

	@EventListener
	void challengeEnded(ChallengeEndedEvent event) {
		logger.info("Winners of challenge " + event.challenge().id() + ": " + winners(event.top()));
	}

	private static String winners(List<RankEntry> top) {
		return top.stream().limit(SHOWN).map(WinnersLog::line).collect(Collectors.joining(", "));
	}

	private static String line(RankEntry entry) {
		String name = (entry.details() instanceof User user) ? user.name() : "user " + entry.id();
		return entry.rank() + ". " + name + " (" + entry.score() + ")";
	}

}
