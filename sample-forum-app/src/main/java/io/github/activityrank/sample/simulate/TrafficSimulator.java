package io.github.activityrank.sample.simulate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import io.github.activityrank.sample.forum.CheckInService;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.ForumService.ArticleSummary;
import io.github.activityrank.sample.forum.ForumService.CommentView;
import io.github.activityrank.sample.forum.User;
import io.github.activityrank.sample.forum.UserRepository;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps the boards alive for the demo: many users checking in, viewing, praising,
 * collecting, commenting, following and publishing, through the same {@link ForumService}
 * and {@link CheckInService} the API uses, so every point is scored by the
 * {@code @ActivityScore} rules. A few users are much busier than the rest (a Zipf-like
 * spread), as on a real forum. Switched on by {@code --sample.simulate.users=200}.
 */
@Component
@ConditionalOnExpression("${sample.simulate.users:0} > 0")
@EnableConfigurationProperties(SimulateProperties.class)
class TrafficSimulator implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(TrafficSimulator.class);

	private static final String[] FIRST = { "Alex", "Sam", "Kim", "Noor", "Lena", "Omar", "Priya", "Jonas", "Mei",
			"Lucas", "Ana", "Tariq", "Elif", "Hugo", "Yuki", "Ines", "Ravi", "Sofia", "Kofi", "Maya" };

	private static final String[] LAST = { "Berg", "Costa", "Diaz", "Evans", "Fischer", "Garcia", "Haddad", "Ito",
			"Jensen", "Khan", "Lopez", "Moreau", "Novak", "Okafor", "Park", "Quinn", "Rossi", "Silva", "Tanaka",
			"Weber" };

	private static final String[] TOPICS = { "Redis sorted sets in practice", "Why we moved to virtual threads",
			"A gentle guide to SpEL", "Testing with real servers", "Leaderboards without tears",
			"What I learned from on-call", "Idempotency keys explained", "Spring Boot 4 first impressions" };

	private final SimulateProperties properties;

	private final ForumService forum;

	private final CheckInService checkIns;

	private final UserRepository users;

	private final JdbcAggregateTemplate aggregates;

	private final Random random = new Random();

	private final double[] cumulativeWeights;

	private final long[] userBySlot;

	private volatile ScheduledExecutorService executor;

	TrafficSimulator(SimulateProperties properties, ForumService forum, CheckInService checkIns, UserRepository users,
			JdbcAggregateTemplate aggregates) {
		this.properties = properties;
		this.forum = forum;
		this.checkIns = checkIns;
		this.users = users;
		this.aggregates = aggregates;
		this.cumulativeWeights = new double[properties.users()];
		double sum = 0;
		for (int i = 0; i < properties.users(); i++) {
			sum += 1 / Math.pow(i + 1, 0.9);
			this.cumulativeWeights[i] = sum;
		}
		// the busy users are spread over the ids, not always the smallest ones
		List<Long> ids = new ArrayList<>(LongStream.rangeClosed(1, properties.users()).boxed().toList());
		Collections.shuffle(ids, new Random(42));
		this.userBySlot = ids.stream().mapToLong(Long::longValue).toArray();
	}

	@Override
	public void start() {
		createMissingUsers();
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "demo-traffic");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.execute(() -> {
			act(this.properties.warmUpActions());
			logger.info("Demo traffic: " + this.properties.warmUpActions() + " actions by " + this.properties.users()
					+ " users done; now " + this.properties.actionsPerTick() + " every "
					+ this.properties.interval().toMillis() + " ms");
		});
		long every = Math.max(50, this.properties.interval().toMillis());
		this.executor.scheduleWithFixedDelay(() -> act(this.properties.actionsPerTick()), every, every,
				TimeUnit.MILLISECONDS);
	}

	@Override
	public void stop() {
		ScheduledExecutorService running = this.executor;
		if (running != null) {
			running.shutdownNow();
			try {
				running.awaitTermination(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.executor != null;
	}

	private void createMissingUsers() {
		Map<Long, User> existing = this.forum
			.usersById(LongStream.rangeClosed(1, this.properties.users()).boxed().toList());
		int created = 0;
		for (long id = 1; id <= this.properties.users(); id++) {
			if (!existing.containsKey(id)) {
				String name = FIRST[(int) (id % FIRST.length)] + " "
						+ LAST[(int) ((id / FIRST.length + id) % LAST.length)];
				this.aggregates.insert(User.of(id, name));
				created++;
			}
		}
		logger.info("Demo traffic: " + this.properties.users() + " users (" + created + " created)");
	}

	private void act(int actions) {
		for (int i = 0; i < actions && !Thread.currentThread().isInterrupted(); i++) {
			try {
				actOnce();
			}
			catch (RuntimeException ex) {
				logger.debug("Demo action failed", ex);
			}
		}
	}

	private void actOnce() {
		long user = pickUser();
		List<ArticleSummary> articles = this.forum.listArticles();
		long article = articles.get(this.random.nextInt(articles.size())).id();
		int dice = this.random.nextInt(100);
		if (dice < 4) {
			this.checkIns.checkIn(user);
		}
		else if (dice < 45) {
			this.forum.readArticle(article, user);
		}
		else if (dice < 62) {
			this.forum.setPraise(user, article, true);
		}
		else if (dice < 65) {
			this.forum.setPraise(user, article, false);
		}
		else if (dice < 75) {
			this.forum.setCollect(user, article, true);
		}
		else if (dice < 77) {
			this.forum.setCollect(user, article, false);
		}
		else if (dice < 88) {
			CommentView comment = this.forum.comment(user, article,
					"Nice read, thanks! (" + this.random.nextInt(1000) + ")");
			if (this.random.nextInt(10) == 0) {
				this.forum.deleteComment(user, comment.id());
			}
		}
		else if (dice < 97) {
			long other = pickUser();
			if (other != user) {
				this.forum.setFollow(user, other, this.random.nextInt(8) != 0);
			}
		}
		else {
			this.forum.publish(user, TOPICS[this.random.nextInt(TOPICS.length)],
					"Some thoughts from a busy forum member, written by the demo traffic.");
		}
	}

	private long pickUser() {
		double target = this.random.nextDouble() * this.cumulativeWeights[this.cumulativeWeights.length - 1];
		int index = Arrays.binarySearch(this.cumulativeWeights, target);
		int slot = (index >= 0) ? index : -index - 1;
		return this.userBySlot[Math.min(slot, this.userBySlot.length - 1)];
	}

}
