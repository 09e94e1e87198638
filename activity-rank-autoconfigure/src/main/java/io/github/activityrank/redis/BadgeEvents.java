package io.github.activityrank.redis;

import java.util.List;

import io.github.activityrank.BadgeEarnedEvent;
import io.github.activityrank.LevelReachedEvent;
import io.github.activityrank.engine.Achievement;
import io.github.activityrank.engine.AchievementListener;
import io.github.activityrank.engine.BadgeSettings;
import io.github.activityrank.support.WarnOnce;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes what awards reached as {@link BadgeEarnedEvent} and {@link LevelReachedEvent}
 * application events, on the thread that applied the award, right after its script call:
 * the script reached each once, so each is published once across instances. A listener
 * that throws is logged and never fails the award, which was applied.
 */
public class BadgeEvents implements AchievementListener {

	private static final Log logger = LogFactory.getLog(BadgeEvents.class);

	private final WarnOnce warnOnce = new WarnOnce(logger, "further failures of badge listeners are logged at debug");

	private final ApplicationEventPublisher publisher;

	private final BadgeSettings settings;

	/**
	 * Create the publisher.
	 * @param publisher the application's event publisher
	 * @param settings the level names
	 */
	public BadgeEvents(ApplicationEventPublisher publisher, BadgeSettings settings) {
		this.publisher = publisher;
		this.settings = settings;
	}

	@Override
	public void reached(List<Achievement> achievements) {
		for (Achievement achievement : achievements) {
			try {
				this.publisher.publishEvent(achievement.level()
						? new LevelReachedEvent(achievement.userId(), achievement.tier(),
								this.settings.nameOf(achievement.tier()), achievement.at())
						: new BadgeEarnedEvent(achievement.userId(), achievement.badge(), achievement.tier(),
								achievement.at()));
			}
			catch (RuntimeException ex) {
				this.warnOnce.log("A listener of " + achievement + " failed; the award was applied", ex);
			}
		}
	}

}
