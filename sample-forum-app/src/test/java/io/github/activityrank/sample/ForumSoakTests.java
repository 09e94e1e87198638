package io.github.activityrank.sample;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.autoconfigure.ActivityRankProperties;
import io.github.activityrank.autoconfigure.RuleProperties;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.engine.OncePer;
import io.github.activityrank.test.EmbeddedRedis;
import io.github.activityrank.test.RedisTestServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Soak: many concurrent clients act as 1,000 forum users through the HTTP API on loopback
 * for a while (page views, praise and collect toggles, comments, follows, publishing; see
 * {@link SoakTraffic}), each keeping a log of its successful requests. A shorter phase on
 * the day before comes first, so that revokes reach back to yesterday's boards and the
 * day and month boards differ. When the load has stopped and the award queue and retry
 * buffer are empty, every user's score on yesterday's and today's day board, the week
 * board and the month board must equal the sum computed from the clients' log, and no
 * request may have been answered with a 5xx.
 * <p>
 * The run lasts {@code -Dsoak.seconds} (default 10, what CI runs); docs/reliability.md
 * gives the command and figures of the 60 s runs. {@code -Dsoak.clients} sets the client
 * threads (default 24). The application's clock shows noon of a fixed day during each
 * phase, so no award can land on a day the log does not expect. Each test prints one
 * {@code [reliability]} line with its figures.
 */
class ForumSoakTests {

	private static final Duration RUN = Duration.ofSeconds(Long.getLong("soak.seconds", 10));

	/** The phase on the day before: a sixth of the run, at least 2 s. */
	private static final Duration YESTERDAYS_RUN = Duration.ofSeconds(Math.max(2, RUN.toSeconds() / 6));

	/**
	 * Redis down for 5 s in a 60 s run, proportionally less in a shorter one, at least 2
	 * s.
	 */
	private static final Duration OUTAGE = Duration
		.ofSeconds(Long.getLong("soak.outage-seconds", Math.max(2, Math.round(RUN.toSeconds() / 12.0))));

	private static final int CLIENTS = Integer.getInteger("soak.clients", 24);

	private static final int USERS = 1000;

	private static final LocalDate YESTERDAY = LocalDate.of(2026, 3, 17);

	private static final LocalDate TODAY = YESTERDAY.plusDays(1);

	/** Every board checked, for every user. */
	private static final List<Board> BOARDS = List.of(new Board(Period.DAY, YESTERDAY), new Board(Period.DAY, TODAY),
			new Board(Period.WEEK, TODAY), new Board(Period.MONTH, TODAY));

	@Test
	void everyUsersScoreMatchesTheClientsLogAfterSustainedLoad() {
		RedisTestServer redis = RedisTestServer.shared();
		String prefix = RedisForTests.prefix("soak");
		try {
			Result result = soak("soak", redis.host(), redis.port(), prefix, null);
			assertThat(result.traffic().figures().boardReadsUnavailable.sum()).as("board reads answered 503").isZero();
		}
		finally {
			RedisForTests.deleteKeys(prefix);
		}
	}

	@Test
	void redisStoppedInTheMiddleOfTheLoadLosesNothingOnceTheRetryBufferDrains() {
		// a private server, restarted with the data it saved when it was stopped
		try (EmbeddedRedis redis = EmbeddedRedis.startKeepingData()) {
			Result result = soak("soak-redis-stopped", "127.0.0.1", redis.port(),
					RedisTestServer.uniquePrefix("soak_outage"), redis);
			assertThat(result.counters().getRetried()).as("awards sent again after the outage").isPositive();
			assertThat(result.redisDown()).isGreaterThanOrEqualTo(OUTAGE);
			assertThat(result.traffic().figures().servedWhileRedisDown.sum()).as("requests served while Redis was down")
				.isPositive();
		}
	}

	private Result soak(String scenario, String host, int port, String prefix, @Nullable EmbeddedRedis toStop) {
		PhaseClock clock = new PhaseClock(YESTERDAY);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleForumApplication.class)
			.initializers(primaryClock(clock))
			.run("--server.port=0", "--sample.embedded-redis.enabled=false", "--spring.data.redis.host=" + host,
					"--spring.data.redis.port=" + port, "--activity-rank.key-prefix=" + prefix,
					"--activity-rank.time-zone=UTC")) {
			assertThat(context.getBean(Clock.class)).isSameAs(clock);
			assertTheRulesAreThoseTheClientsModel(context.getBean(ActivityRankProperties.class));
			createUsers(context.getBean(JdbcTemplate.class));
			ActivityDispatcher dispatcher = context.getBean(ActivityDispatcher.class);
			AwardDispatchCounters counters = context.getBean(AwardDispatchCounters.class);
			long seed = Long.getLong("soak.seed", System.nanoTime());
			int serverPort = ((WebServerApplicationContext) context).getWebServer().getPort();
			SoakTraffic traffic = new SoakTraffic(new ForumApi(serverPort), USERS, CLIENTS, seed);

			long start = System.nanoTime();
			traffic.run(YESTERDAY, YESTERDAYS_RUN, "yesterday");
			assertThat(dispatcher.awaitIdle(Duration.ofMinutes(1))).as("yesterday's awards applied").isTrue();
			clock.set(TODAY);
			Outage outage = (toStop != null) ? Outage.start(toStop, traffic, RUN.minus(OUTAGE).dividedBy(2), OUTAGE)
					: null;
			traffic.run(TODAY, RUN, "today");
			long loadEnd = System.nanoTime();
			Duration down = (outage != null) ? outage.await() : Duration.ZERO;
			boolean drained = dispatcher.awaitIdle(Duration.ofMinutes(2));
			long drainMillis = Duration.ofNanos(System.nanoTime() - loadEnd).toMillis();
			assertThat(drained).as("queue and retry buffer empty; " + counters).isTrue();

			List<String> differences = compare(context.getBean(ActivityRankService.class), traffic);
			SoakTraffic.Figures figures = traffic.figures();
			long loadMillis = Duration.ofNanos(loadEnd - start).toMillis();
			summary(scenario, traffic, counters, differences.size(), down, drainMillis, loadMillis, seed);

			assertThat(traffic.problems()).as("client-side problems").isEmpty();
			assertThat(figures.serverErrors.sum()).as("5xx").isZero();
			assertThat(figures.unexpected.sum()).as("unexpected answers").isZero();
			assertThat(figures.mismatches.sum()).as("toggle answers that disagree with the log").isZero();
			assertThat(figures.transportErrors.sum()).as("requests without an answer").isZero();
			assertThat(figures.boardReadsOther.sum()).as("board reads answered neither 200 nor 503").isZero();
			assertThat(differences.size())
				.as("scores that differ from the clients' log, first ones: "
						+ differences.subList(0, Math.min(10, differences.size())))
				.isZero();
			assertThat(counters.getDropped() + counters.getRetryDropped() + counters.getFailed())
				.as("awards lost: " + counters)
				.isZero();
			assertThat(counters.getRejected() + counters.getEvaluationErrors()).as("awards refused: " + counters)
				.isZero();
			return new Result(traffic, counters, down);
		}
	}

	private static void summary(String scenario, SoakTraffic traffic, AwardDispatchCounters counters, int differences,
			Duration redisDown, long drainMillis, long loadMillis, long seed) {
		SoakTraffic.Figures figures = traffic.figures();
		long requests = figures.requests.sum();
		System.out.println("[reliability] " + scenario + ": run=" + RUN.toSeconds() + "s+" + YESTERDAYS_RUN.toSeconds()
				+ "s clients=" + CLIENTS + " users=" + USERS + " requests=" + requests + " writes="
				+ figures.writes.sum() + " views=" + figures.views.sum() + " refused=" + figures.refused.sum()
				+ " awardsExpected=" + traffic.scoreChanges() + " usersChecked=" + USERS + " scoresCompared="
				+ USERS * BOARDS.size() + " differences=" + differences + " 5xx=" + figures.serverErrors.sum()
				+ " unexpected=" + figures.unexpected.sum() + " transportErrors=" + figures.transportErrors.sum()
				+ " boardReads=" + figures.boardReads.sum() + " boardReads503=" + figures.boardReadsUnavailable.sum()
				+ " queued=" + counters.getQueued() + " applied=" + counters.getApplied() + " retried="
				+ counters.getRetried() + " dropped=" + counters.getDropped() + " retryDropped="
				+ counters.getRetryDropped() + " failed=" + counters.getFailed() + " callerRuns="
				+ counters.getCallerRuns() + " redisDownMs=" + redisDown.toMillis() + " servedWhileRedisDown="
				+ figures.servedWhileRedisDown.sum() + " drainMs=" + drainMillis + " loadMs=" + loadMillis
				+ " requestsPerSecond=" + requests * 1000 / Math.max(1, loadMillis) + " seed=" + seed);
	}

	/**
	 * The client's model of the scoring holds only for these rules; fail early if they
	 * change.
	 */
	private static void assertTheRulesAreThoseTheClientsModel(ActivityRankProperties properties) {
		assertThat(properties.getPeriods()).contains(Period.DAY, Period.WEEK, Period.MONTH);
		assertThat(properties.getDailyCap()).isNull();
		assertRule(properties, "page-view", SoakTraffic.VIEW, OncePer.DAY);
		assertRule(properties, "praise", SoakTraffic.PRAISE, OncePer.DAY);
		assertRule(properties, "collect", SoakTraffic.COLLECT, OncePer.DAY);
		assertRule(properties, "comment", SoakTraffic.COMMENT, OncePer.EVER);
		assertRule(properties, "publish", SoakTraffic.PUBLISH, OncePer.EVER);
		assertRule(properties, "follow", SoakTraffic.FOLLOW, OncePer.DAY);
	}

	private static void assertRule(ActivityRankProperties properties, String name, long points, OncePer oncePer) {
		RuleProperties rule = properties.getRules().get(name);
		assertThat(rule).as(name).isNotNull();
		assertThat(rule.getPoints()).as(name).isEqualTo(points);
		assertThat(rule.getOncePer()).as(name).isEqualTo(oncePer);
		assertThat(rule.getDailyCap()).as(name).isNull();
	}

	/** Users 13 to 1,000 next to the sample's twelve. */
	private static void createUsers(JdbcTemplate jdbc) {
		List<Object[]> rows = IntStream.rangeClosed(13, USERS)
			.mapToObj((id) -> new Object[] { id, "Soak user " + id, "/avatars/" + id + ".svg" })
			.toList();
		jdbc.batchUpdate("INSERT INTO forum_user (id, name, avatar) VALUES (?, ?, ?)", rows);
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM forum_user", Long.class)).isEqualTo(USERS);
	}

	/**
	 * Every user's score on every board against the log; also any member the log does not
	 * know.
	 */
	private static List<String> compare(ActivityRankService ranks, SoakTraffic traffic) {
		List<String> differences = new ArrayList<>();
		for (Board board : BOARDS) {
			Map<String, Long> actual = read(ranks, board);
			for (long user = 1; user <= USERS; user++) {
				long expected = traffic.expected(user, board.period(), board.day());
				Long score = actual.remove(String.valueOf(user));
				long found = (score != null) ? score : 0;
				if (found != expected) {
					differences.add(board + " user " + user + ": " + found + " instead of " + expected + "; log "
							+ traffic.log(user));
				}
			}
			actual.forEach((user, score) -> differences.add(board + " unknown member " + user + ": " + score));
		}
		return differences;
	}

	private static Map<String, Long> read(ActivityRankService ranks, Board board) {
		Map<String, Long> scores = new HashMap<>();
		int limit = 1000;
		for (long offset = 0;; offset += limit) {
			List<RankEntry> page = ranks.board(board.period(), board.day()).page(offset, limit);
			page.forEach((entry) -> scores.put(entry.id(), entry.score()));
			if (page.size() < limit) {
				return scores;
			}
		}
	}

	private static ApplicationContextInitializer<ConfigurableApplicationContext> primaryClock(Clock clock) {
		// primary: a test configuration found by the sample's component scan may bring a
		// clock of its own
		return (context) -> ((GenericApplicationContext) context).registerBean("soakClock", Clock.class, () -> clock,
				(definition) -> definition.setPrimary(true));
	}

	/**
	 * A board of a day.
	 *
	 * @param period the period
	 * @param day a day it covers
	 */
	private record Board(Period period, LocalDate day) {

		@Override
		public String toString() {
			return this.period.name().toLowerCase(Locale.ROOT) + " board of " + this.day;
		}

	}

	/**
	 * What a scenario's own assertions need.
	 *
	 * @param traffic the clients and their log
	 * @param counters the dispatcher's counters
	 * @param redisDown how long Redis refused connections
	 */
	private record Result(SoakTraffic traffic, AwardDispatchCounters counters, Duration redisDown) {
	}

	/**
	 * Stops Redis after a while and starts it again after the outage, on a thread of its
	 * own.
	 */
	private static final class Outage {

		private final Thread thread;

		private final AtomicReference<Duration> down = new AtomicReference<>();

		private final AtomicReference<Throwable> failure = new AtomicReference<>();

		private Outage(EmbeddedRedis redis, SoakTraffic traffic, Duration after, Duration length) {
			this.thread = new Thread(() -> {
				try {
					Thread.sleep(after.toMillis());
					redis.stop();
					long stopped = System.nanoTime();
					traffic.redisDown(true);
					Thread.sleep(length.toMillis());
					redis.startServer();
					traffic.redisDown(false);
					this.down.set(Duration.ofNanos(System.nanoTime() - stopped));
				}
				catch (Throwable ex) {
					this.failure.set(ex);
				}
			}, "soak-outage");
		}

		static Outage start(EmbeddedRedis redis, SoakTraffic traffic, Duration after, Duration length) {
			Outage outage = new Outage(redis, traffic, after, length);
			outage.thread.start();
			return outage;
		}

		/** Wait until Redis is back; how long it was down. */
		Duration await() {
			try {
				this.thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			assertThat(this.failure.get()).as("stopping and starting Redis").isNull();
			return this.down.get();
		}

	}

	/** The application's clock: noon of the phase's day, in UTC. */
	private static final class PhaseClock extends Clock {

		private final AtomicReference<Instant> now;

		private final ZoneId zone;

		PhaseClock(LocalDate day) {
			this(new AtomicReference<>(noon(day)), ZoneOffset.UTC);
		}

		private PhaseClock(AtomicReference<Instant> now, ZoneId zone) {
			this.now = now;
			this.zone = zone;
		}

		void set(LocalDate day) {
			this.now.set(noon(day));
		}

		private static Instant noon(LocalDate day) {
			return day.atTime(12, 0).toInstant(ZoneOffset.UTC);
		}

		@Override
		public ZoneId getZone() {
			return this.zone;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return new PhaseClock(this.now, zone);
		}

		@Override
		public Instant instant() {
			return this.now.get();
		}

	}

}
