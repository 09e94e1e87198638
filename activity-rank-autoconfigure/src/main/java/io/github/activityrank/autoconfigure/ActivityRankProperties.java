package io.github.activityrank.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.activityrank.Period;
import io.github.activityrank.dispatch.QueueFullPolicy;
import io.github.activityrank.engine.BoardOrder;
import io.github.activityrank.engine.OncePer;
import io.github.activityrank.engine.Ranking;
import io.github.activityrank.engine.StreakSettings;
import io.github.activityrank.engine.TieBreak;
import io.github.activityrank.ledger.LedgerSchemaMode;
import io.github.activityrank.ledger.LedgerTables;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of activity-rank, under {@code activity-rank.*}.
 */
@ConfigurationProperties(prefix = "activity-rank", ignoreUnknownFields = false)
public class ActivityRankProperties implements InitializingBean {

	/**
	 * Whether activity-rank is enabled.
	 */
	private boolean enabled = true;

	/**
	 * Prefix of every Redis key: 1 to 64 letters, digits, '.', '_' or '-'. Keys look like
	 * "{prefix}:day:20261121"; the braces make the prefix a Redis Cluster hash tag, so
	 * one script's keys always share a slot.
	 */
	private String keyPrefix = "activity_rank";

	/**
	 * How many shards each board is split into, 1 to 1024. With more than one, each user
	 * lives on one shard, whose keys share a hash tag of their own, so a Redis Cluster
	 * spreads users, records and board entries over its masters while every query stays
	 * exact. 1 keeps every key under "{prefix}". Keys are written for one shard count:
	 * the application refuses to start on keys written with another.
	 */
	private int shards = 1;

	/**
	 * Time zone whose calendar decides where days, weeks and months begin. Defaults to
	 * the JVM's.
	 */
	private ZoneId timeZone;

	/**
	 * Boards every award goes to.
	 */
	private Set<Period> periods = EnumSet.of(Period.DAY, Period.MONTH);

	/**
	 * Most points one user can earn per day from all rules together. Unset means no cap.
	 */
	private Long dailyCap;

	/**
	 * Most points one user can earn per ISO week (Monday to Sunday in time-zone) from all
	 * rules together. Unset means no cap.
	 */
	private Long weeklyCap;

	/**
	 * Most points one user can earn per calendar month (in time-zone) from all rules
	 * together. Unset means no cap.
	 */
	private Long monthlyCap;

	/**
	 * How users with equal points are ordered: "none" (they are equal, and "ranking"
	 * numbers them) or "earliest" (whoever reached the score first ranks higher, and
	 * every rank is distinct; by the millisecond on day, week and month boards, by the
	 * second on the total board). With "earliest" a board holds at most 2,097,151 points
	 * per user instead of 2^53 - 1, and a revoke keeps the time of the user's last award.
	 * Choose it before the first award: boards keep the layout they were written with.
	 */
	private TieBreak tieBreak = TieBreak.NONE;

	/**
	 * How ranks are numbered for equal points: "competition" (1, 2, 2, 4), "dense" (1, 2,
	 * 2, 3) or "ordinal" (1, 2, 3, 4). Ignored with tie-break "earliest", where every
	 * rank is distinct.
	 */
	private Ranking ranking = Ranking.COMPETITION;

	/**
	 * Where the seconds of the total board count from with tie-break "earliest" (day,
	 * week and month boards count milliseconds from the start of their period). The count
	 * covers 2^32 seconds, about 136 years; after that, users reaching equal points on
	 * the total board tie with each other, never passing anyone who got there earlier.
	 * Must not be in the future, and should not change once the total board has entries.
	 */
	private Instant tieBreakEpoch = BoardOrder.DEFAULT_EPOCH;

	/**
	 * Scoring rules by name, referred to by @ActivityScore(rule = ...) and the service.
	 */
	private final Map<String, Rule> rules = new LinkedHashMap<>();

	private final Retention retention = new Retention();

	private final Async async = new Async();

	private final Retry retry = new Retry();

	private final Aspect aspect = new Aspect();

	private final PageViews pageViews = new PageViews();

	private final Ledger ledger = new Ledger();

	private final Events events = new Events();

	private final Ingest ingest = new Ingest();

	private final Streaks streaks = new Streaks();

	private final Redis redis = new Redis();

	/**
	 * Item types by name (1-32 of a-z, 0-9, '-'): boards of content, such as articles,
	 * that awards with an item feed (see docs/items.md).
	 */
	private final Map<String, ItemProperties> items = new LinkedHashMap<>();

	/**
	 * Check the bound values (see {@link ActivityRankPropertyChecks}): called right after
	 * binding, so a bad value stops the start before any bean uses it.
	 */
	@Override
	public void afterPropertiesSet() {
		ActivityRankPropertyChecks.check(this);
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public int getShards() {
		return this.shards;
	}

	public void setShards(int shards) {
		this.shards = shards;
	}

	public ZoneId getTimeZone() {
		return this.timeZone;
	}

	public void setTimeZone(ZoneId timeZone) {
		this.timeZone = timeZone;
	}

	public Set<Period> getPeriods() {
		return this.periods;
	}

	public void setPeriods(Set<Period> periods) {
		this.periods = periods;
	}

	public Long getDailyCap() {
		return this.dailyCap;
	}

	public void setDailyCap(Long dailyCap) {
		this.dailyCap = dailyCap;
	}

	public Long getWeeklyCap() {
		return this.weeklyCap;
	}

	public void setWeeklyCap(Long weeklyCap) {
		this.weeklyCap = weeklyCap;
	}

	public Long getMonthlyCap() {
		return this.monthlyCap;
	}

	public void setMonthlyCap(Long monthlyCap) {
		this.monthlyCap = monthlyCap;
	}

	public TieBreak getTieBreak() {
		return this.tieBreak;
	}

	public void setTieBreak(TieBreak tieBreak) {
		this.tieBreak = tieBreak;
	}

	public Ranking getRanking() {
		return this.ranking;
	}

	public void setRanking(Ranking ranking) {
		this.ranking = ranking;
	}

	public Instant getTieBreakEpoch() {
		return this.tieBreakEpoch;
	}

	public void setTieBreakEpoch(Instant tieBreakEpoch) {
		this.tieBreakEpoch = tieBreakEpoch;
	}

	public Map<String, Rule> getRules() {
		return this.rules;
	}

	public Retention getRetention() {
		return this.retention;
	}

	public Async getAsync() {
		return this.async;
	}

	public Retry getRetry() {
		return this.retry;
	}

	public Aspect getAspect() {
		return this.aspect;
	}

	public PageViews getPageViews() {
		return this.pageViews;
	}

	public Ledger getLedger() {
		return this.ledger;
	}

	public Events getEvents() {
		return this.events;
	}

	public Ingest getIngest() {
		return this.ingest;
	}

	public Map<String, ItemProperties> getItems() {
		return this.items;
	}

	public Streaks getStreaks() {
		return this.streaks;
	}

	public Redis getRedis() {
		return this.redis;
	}

	/**
	 * The Redis client, as far as the starter sets it (docs/configuration.md).
	 */
	public static class Redis {

		/**
		 * Command timeout of the application's Lettuce client when
		 * spring.data.redis.timeout is not set (Lettuce's own default is 60s), on a
		 * single server, behind Sentinel or on a cluster: how long any command, the
		 * starter's and the application's, waits for a reply before it fails. With
		 * ingestion on, it must be at most half of ingest.claim-idle, as must
		 * spring.data.redis.timeout.
		 */
		private Duration commandTimeout = Duration.ofSeconds(5);

		public Duration getCommandTimeout() {
			return this.commandTimeout;
		}

		public void setCommandTimeout(Duration commandTimeout) {
			this.commandTimeout = commandTimeout;
		}

	}

	/**
	 * Streaks of active days (docs/streaks.md).
	 */
	public static class Streaks {

		/**
		 * Whether awards mark active days, keep streaks and pay milestone bonuses; adds
		 * the StreakService bean.
		 */
		private boolean enabled;

		/**
		 * Rules whose awards make a day active; empty: any award.
		 */
		private final List<String> rules = new ArrayList<>();

		/**
		 * Bonus points by streak length, awarded under the rule 'streak' when a streak
		 * reaches that many days, once per streak.
		 */
		private final Map<Integer, Long> milestones = new LinkedHashMap<>();

		/**
		 * Number of bucket hashes per shard that users' streak data are spread over, 1 to
		 * 16777216. Redis keeps a bucket compact (listpack) while it has at most
		 * hash-max-listpack-entries fields (512 unless the server's configuration says
		 * otherwise), one per user-year; keep the user-years per bucket at about 300 on
		 * average or below. Changing it moves every user to another bucket: rebuild from
		 * the ledger or start a new key prefix.
		 */
		private int buckets = StreakSettings.DEFAULT_BUCKETS;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public List<String> getRules() {
			return this.rules;
		}

		public Map<Integer, Long> getMilestones() {
			return this.milestones;
		}

		public int getBuckets() {
			return this.buckets;
		}

		public void setBuckets(int buckets) {
			this.buckets = buckets;
		}

	}

	/**
	 * How one kind of activity scores.
	 */
	public static class Rule {

		/**
		 * Points per award; must not be zero. Negative points are penalties, clamped at
		 * zero.
		 */
		private long points;

		/**
		 * How often the same field scores for one user: "day" (once per day) or "ever"
		 * (once while the record is retained, see retention.record).
		 */
		private OncePer oncePer = OncePer.DAY;

		/**
		 * Most points one user can earn from this rule in one day. Unset means no cap.
		 */
		private Long dailyCap;

		/**
		 * Most points one user can earn from this rule in one ISO week (Monday to Sunday
		 * in time-zone). Unset means no cap.
		 */
		private Long weeklyCap;

		/**
		 * Most points one user can earn from this rule in one calendar month (in
		 * time-zone). Unset means no cap.
		 */
		private Long monthlyCap;

		public long getPoints() {
			return this.points;
		}

		public void setPoints(long points) {
			this.points = points;
		}

		public OncePer getOncePer() {
			return this.oncePer;
		}

		public void setOncePer(OncePer oncePer) {
			this.oncePer = oncePer;
		}

		public Long getDailyCap() {
			return this.dailyCap;
		}

		public void setDailyCap(Long dailyCap) {
			this.dailyCap = dailyCap;
		}

		public Long getWeeklyCap() {
			return this.weeklyCap;
		}

		public void setWeeklyCap(Long weeklyCap) {
			this.weeklyCap = weeklyCap;
		}

		public Long getMonthlyCap() {
			return this.monthlyCap;
		}

		public void setMonthlyCap(Long monthlyCap) {
			this.monthlyCap = monthlyCap;
		}

	}

	/**
	 * How long boards and records are kept after their period ends. TOTAL never expires.
	 */
	public static class Retention {

		/**
		 * How long a day board is kept after its day ends.
		 */
		private Duration day = Duration.ofDays(31);

		/**
		 * How long a week board is kept after its week ends.
		 */
		private Duration week = Duration.ofDays(70);

		/**
		 * How long a month board is kept after its month ends.
		 */
		private Duration month = Duration.ofDays(365);

		/**
		 * How long the per-user, per-day idempotency records are kept after their day
		 * ends. They answer "already awarded", find what a revoke takes back and feed the
		 * history and summary queries (at least 31 days keeps the current week's and
		 * month's summaries complete).
		 */
		private Duration record = Duration.ofDays(31);

		/**
		 * How long a challenge's board and definition are kept after the challenge ends.
		 */
		private Duration challenge = Duration.ofDays(90);

		public Duration getDay() {
			return this.day;
		}

		public void setDay(Duration day) {
			this.day = day;
		}

		public Duration getWeek() {
			return this.week;
		}

		public void setWeek(Duration week) {
			this.week = week;
		}

		public Duration getMonth() {
			return this.month;
		}

		public void setMonth(Duration month) {
			this.month = month;
		}

		public Duration getRecord() {
			return this.record;
		}

		public void setRecord(Duration record) {
			this.record = record;
		}

		public Duration getChallenge() {
			return this.challenge;
		}

		public void setChallenge(Duration challenge) {
			this.challenge = challenge;
		}

	}

	/**
	 * Background execution of awards made through @ActivityScore and ActivityEvent.
	 */
	public static class Async {

		/**
		 * Whether awards run on a background executor. When false they run on the
		 * caller's thread.
		 */
		private boolean enabled = true;

		/**
		 * Number of threads that apply queued awards.
		 */
		private int threads = 2;

		/**
		 * Most awards waiting to be applied.
		 */
		private int queueCapacity = 10_000;

		/**
		 * What happens to an award when the queue is full: "caller-runs" makes the caller
		 * wait until the award is applied, queued behind that user's earlier awards
		 * (nothing lost, no award overtaken), "drop" discards it (logged and counted).
		 */
		private QueueFullPolicy onQueueFull = QueueFullPolicy.CALLER_RUNS;

		/**
		 * Longest time a caller waits for its award under "caller-runs" when Redis hangs.
		 * Then the caller goes on; the award keeps its place in its user's queue and is
		 * applied (or retried) in order.
		 */
		private Duration callerRunsTimeout = Duration.ofSeconds(5);

		public Duration getCallerRunsTimeout() {
			return this.callerRunsTimeout;
		}

		public void setCallerRunsTimeout(Duration callerRunsTimeout) {
			this.callerRunsTimeout = callerRunsTimeout;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getThreads() {
			return this.threads;
		}

		public void setThreads(int threads) {
			this.threads = threads;
		}

		public int getQueueCapacity() {
			return this.queueCapacity;
		}

		public void setQueueCapacity(int queueCapacity) {
			this.queueCapacity = queueCapacity;
		}

		public QueueFullPolicy getOnQueueFull() {
			return this.onQueueFull;
		}

		public void setOnQueueFull(QueueFullPolicy onQueueFull) {
			this.onQueueFull = onQueueFull;
		}

	}

	/**
	 * Awards that failed because Redis did not answer, kept in memory and retried.
	 */
	public static class Retry {

		/**
		 * Most failed awards kept for retry (async mode only); what overflows is dropped,
		 * logged and counted. 0 keeps none: failed awards are lost and counted as failed.
		 */
		private int capacity = 100_000;

		/**
		 * Wait before the first retry.
		 */
		private Duration initialBackoff = Duration.ofMillis(200);

		/**
		 * Longest wait between retries.
		 */
		private Duration maxBackoff = Duration.ofSeconds(5);

		/**
		 * How long shutdown waits for queued and failed awards to be applied.
		 */
		private Duration shutdownGracePeriod = Duration.ofSeconds(10);

		public int getCapacity() {
			return this.capacity;
		}

		public void setCapacity(int capacity) {
			this.capacity = capacity;
		}

		public Duration getInitialBackoff() {
			return this.initialBackoff;
		}

		public void setInitialBackoff(Duration initialBackoff) {
			this.initialBackoff = initialBackoff;
		}

		public Duration getMaxBackoff() {
			return this.maxBackoff;
		}

		public void setMaxBackoff(Duration maxBackoff) {
			this.maxBackoff = maxBackoff;
		}

		public Duration getShutdownGracePeriod() {
			return this.shutdownGracePeriod;
		}

		public void setShutdownGracePeriod(Duration shutdownGracePeriod) {
			this.shutdownGracePeriod = shutdownGracePeriod;
		}

	}

	/**
	 * The @ActivityScore aspect.
	 */
	public static class Aspect {

		/**
		 * Order of the aspect among other advice such as @Transactional (lower runs
		 * first, outside).
		 */
		private int order = org.springframework.core.Ordered.LOWEST_PRECEDENCE;

		public int getOrder() {
			return this.order;
		}

		public void setOrder(int order) {
			this.order = order;
		}

	}

	/**
	 * Points for each new page a signed-in user views per day.
	 */
	public static class PageViews {

		/**
		 * Whether successful GET requests handled by a controller award the page-view
		 * rule.
		 */
		private boolean enabled;

		/**
		 * Rule awarded for a page view; the field is the normalised request path.
		 */
		private String rule = "page-view";

		/**
		 * Path patterns that count as page views.
		 */
		private List<String> include = new ArrayList<>(List.of("/**"));

		/**
		 * Path patterns that never count, checked before include.
		 */
		private List<String> exclude = new ArrayList<>();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getRule() {
			return this.rule;
		}

		public void setRule(String rule) {
			this.rule = rule;
		}

		public List<String> getInclude() {
			return this.include;
		}

		public void setInclude(List<String> include) {
			this.include = include;
		}

		public List<String> getExclude() {
			return this.exclude;
		}

		public void setExclude(List<String> exclude) {
			this.exclude = exclude;
		}

	}

	/**
	 * The durable award ledger: every award and revoke is written to a table of the
	 * application's database first (in the caller's transaction when there is one), and a
	 * relay applies it to Redis. Needs spring-jdbc and a DataSource.
	 */
	public static class Ledger {

		/**
		 * Whether awards go through the ledger table before Redis.
		 */
		private boolean enabled;

		/**
		 * When the starter creates the ledger's tables: "embedded" (only in an embedded
		 * database such as H2), "always" or "never" (run the shipped script yourself).
		 */
		private LedgerSchemaMode initializeSchema = LedgerSchemaMode.EMBEDDED;

		/**
		 * Prefix of the ledger's table names: a letter, then up to 29 letters, digits or
		 * '_'.
		 */
		private String tablePrefix = LedgerTables.DEFAULT_PREFIX;

		/**
		 * How long applied entries are kept, counted from the time of the award. Unset
		 * keeps them for ever; pending entries are always kept.
		 */
		private Duration retention;

		/**
		 * How long the relay sleeps when nothing is pending and no award woke it, and how
		 * long it waits after a failure before trying again.
		 */
		private Duration pollInterval = Duration.ofSeconds(1);

		/**
		 * Most entries of one lane the relay applies in one transaction, from 1 to 256; a
		 * transaction takes several lanes (16 / relay-threads), one Redis script call per
		 * 256 entries.
		 */
		private int batchSize = 256;

		/**
		 * Entries of an ended day, week or month board or challenge kept in the database
		 * as its final standings, which queries read once the board is past its Redis
		 * retention.
		 */
		private int archiveSize = 1000;

		/**
		 * Threads of this instance that apply pending entries; they share the 16 lanes,
		 * as the relays of several instances do.
		 */
		private int relayThreads = 4;

		/**
		 * How many times the relay tries a pending entry that fails for good on its own
		 * (a Lua error, a key of the wrong type) before it sets it aside: marked in the
		 * table (state 2, outcome SET_ASIDE), logged at WARN with the reason and counted,
		 * so the rest of its lane goes on. Failures that waiting cures never count.
		 */
		private int setAsideAfter = 5;

		public int getRelayThreads() {
			return this.relayThreads;
		}

		public void setRelayThreads(int relayThreads) {
			this.relayThreads = relayThreads;
		}

		public int getSetAsideAfter() {
			return this.setAsideAfter;
		}

		public void setSetAsideAfter(int setAsideAfter) {
			this.setAsideAfter = setAsideAfter;
		}

		public int getArchiveSize() {
			return this.archiveSize;
		}

		public void setArchiveSize(int archiveSize) {
			this.archiveSize = archiveSize;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public LedgerSchemaMode getInitializeSchema() {
			return this.initializeSchema;
		}

		public void setInitializeSchema(LedgerSchemaMode initializeSchema) {
			this.initializeSchema = initializeSchema;
		}

		public String getTablePrefix() {
			return this.tablePrefix;
		}

		public void setTablePrefix(String tablePrefix) {
			this.tablePrefix = tablePrefix;
		}

		public Duration getRetention() {
			return this.retention;
		}

		public void setRetention(Duration retention) {
			this.retention = retention;
		}

		public Duration getPollInterval() {
			return this.pollInterval;
		}

		public void setPollInterval(Duration pollInterval) {
			this.pollInterval = pollInterval;
		}

		public int getBatchSize() {
			return this.batchSize;
		}

		public void setBatchSize(int batchSize) {
			this.batchSize = batchSize;
		}

	}

	/**
	 * Application events published when a day, week or month board closes and when a
	 * challenge ends (PeriodEndedEvent, ChallengeEndedEvent), once across all instances
	 * that share the Redis.
	 */
	public static class Events {

		/**
		 * Whether the end of a board or a challenge is published as an application event.
		 */
		private boolean enabled = true;

		/**
		 * Number of best users an event carries.
		 */
		private int top = 10;

		/**
		 * How often an instance looks for boards and challenges that have ended; an event
		 * is published within this time of the end.
		 */
		private Duration checkInterval = Duration.ofMinutes(1);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getTop() {
			return this.top;
		}

		public void setTop(int top) {
			this.top = top;
		}

		public Duration getCheckInterval() {
			return this.checkInterval;
		}

		public void setCheckInterval(Duration checkInterval) {
			this.checkInterval = checkInterval;
		}

	}

	/**
	 * Awards from other services through Redis Streams (see docs/ingest.md).
	 */
	public static class Ingest {

		/**
		 * Whether this instance consumes award messages from the ingestion streams.
		 */
		private boolean enabled;

		/**
		 * Name of the streams under the key prefix: partition n is the stream
		 * "{prefix:<stream>:<n>}" (a hash tag of its own, so that partitions spread over
		 * the masters of a Redis Cluster), the dead letters go to
		 * "{prefix}:<stream>:dead". 1 to 64 letters, digits, '_' or '-'.
		 */
		private String stream = "activity";

		/**
		 * Consumer group every instance joins, created if missing.
		 */
		private String group = "activity-rank";

		/**
		 * Most messages read per call, 1 to 256: also the most applied in one script
		 * call, and what one partition holds in memory.
		 */
		private int batch = 256;

		/**
		 * How long a partition's lease lasts without renewal, at least 1s: after it, a
		 * consumer that died takes no more part, and another instance takes over the
		 * partition with the messages the dead one had read and not acknowledged.
		 */
		private Duration claimIdle = Duration.ofMinutes(1);

		/**
		 * How many streams a user's messages are spread over, 1 to 256: a user's messages
		 * go to partition CRC32(UTF-8 bytes of the user id) mod partitions, and each
		 * partition is applied by one instance at a time, in order. More partitions let
		 * more instances share the work. Producers and consumers must agree on it.
		 */
		private int partitions = 4;

		/**
		 * About how many messages the dead-letter stream keeps (older ones are trimmed).
		 */
		private long deadLetterSize = 10000;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getStream() {
			return this.stream;
		}

		public void setStream(String stream) {
			this.stream = stream;
		}

		public String getGroup() {
			return this.group;
		}

		public void setGroup(String group) {
			this.group = group;
		}

		public int getBatch() {
			return this.batch;
		}

		public void setBatch(int batch) {
			this.batch = batch;
		}

		public Duration getClaimIdle() {
			return this.claimIdle;
		}

		public void setClaimIdle(Duration claimIdle) {
			this.claimIdle = claimIdle;
		}

		public int getPartitions() {
			return this.partitions;
		}

		public void setPartitions(int partitions) {
			this.partitions = partitions;
		}

		public long getDeadLetterSize() {
			return this.deadLetterSize;
		}

		public void setDeadLetterSize(long deadLetterSize) {
			this.deadLetterSize = deadLetterSize;
		}

	}

}
