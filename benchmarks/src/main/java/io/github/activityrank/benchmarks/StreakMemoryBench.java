package io.github.activityrank.benchmarks;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

/**
 * What streaks cost in memory (issue 25: at most 120 bytes per user-year): U users, each
 * active on one day a year for five years, awarded through the engine's own award path
 * with a moved clock; after each year {@code MEMORY USAGE ... SAMPLES 0} of every bucket
 * hash over the users, and how many buckets Redis no longer keeps as a listpack. A year's
 * bits take 46 bytes whether the user was active on one day or on all. Run with the
 * default bucket count and with one that packs 20 users a bucket, to show where the
 * listpack limit (128 fields) is reached.
 */
final class StreakMemoryBench {

	private StreakMemoryBench() {
	}

	private static final int YEARS = 5;

	private static final int CHUNK = 2_000;

	/**
	 * Sums MEMORY USAGE of the keys matching ARGV[1]: { bytes, keys, keys not listpack,
	 * fields, most fields in a key }.
	 */
	private static final String USAGE = """
			local cursor, bytes, keys, other, fields, most = '0', 0, 0, 0, 0, 0
			repeat
			  local scan = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
			  cursor = scan[1]
			  for _, key in ipairs(scan[2]) do
			    bytes = bytes + redis.call('MEMORY', 'USAGE', key, 'SAMPLES', 0)
			    keys = keys + 1
			    if redis.call('OBJECT', 'ENCODING', key) ~= 'listpack' then other = other + 1 end
			    local n = redis.call('HLEN', key)
			    fields = fields + n
			    if n > most then most = n end
			  end
			until cursor == '0'
			return { bytes, keys, other, fields, most }
			""";

	/** A clock the benchmark moves from year to year. */
	private static final class SetClock extends Clock {

		private volatile Instant now = Instant.now();

		@Override
		public ZoneId getZone() {
			return ZoneId.of("UTC");
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

	static void run(BenchOptions options, Report report, BenchRedis bench, String runId) {
		int users = options.memoryUsers;
		// 100 users a bucket: 500 fields in the fifth year, where the fullest buckets
		// pass
		// the server's default hash-max-listpack-entries (512)
		int dense = Math.max(1, users / 100);
		Report.Section section = new Report.Section(String.format(Locale.ROOT,
				"8b. Streak memory: MEMORY USAGE of the bucket hashes per user (%,d users, one active day a year)",
				users), "buckets", "year", "users/bucket", "fields/bucket (most)", "not listpack", "bytes/user",
				"bytes/user-year");
		double firstYear = Double.NaN;
		double lastYearPerYear = Double.NaN;
		for (int buckets : new int[] { 16384, dense }) {
			SetClock clock = new SetClock();
			String prefix = "streakmem" + buckets + "_" + runId;
			try (EngineContext engine = EngineContext.start(options, prefix,
					(context) -> context.getBeanFactory().registerSingleton("benchClock", clock),
					"activity-rank.streaks.enabled=true", "activity-rank.streaks.rules=" + EngineContext.RULE,
					"activity-rank.streaks.buckets=" + buckets)) {
				ActivityRankService service = engine.service();
				int year0 = LocalDate.now().getYear() + 1;
				for (int y = 0; y < YEARS; y++) {
					clock.now = LocalDate.of(year0 + y, 3, 1).atTime(12, 0).atZone(engine.zone).toInstant();
					load(service, users);
					List<?> usage = bench.sync()
						.eval(USAGE, ScriptOutputType.MULTI, new String[0], "{" + prefix + "}:streak-bucket:*");
					long bytes = (Long) usage.get(0);
					long keys = (Long) usage.get(1);
					double perUser = (double) bytes / users;
					section.row(
							buckets, y + 1, (double) users / keys, String.format(Locale.ROOT, "%.1f (%d)",
									(double) (Long) usage.get(3) / keys, (Long) usage.get(4)),
							usage.get(2), perUser, perUser / (y + 1));
					if (buckets == 16384 && y == 0) {
						firstYear = perUser;
					}
					if (buckets == 16384 && y == YEARS - 1) {
						lastYearPerYear = perUser / YEARS;
					}
				}
				String board = "{" + prefix + "}:streaks";
				section.note(String.format(Locale.ROOT,
						"%d buckets: streak board %.1f and last-day index %.1f bytes per member (MEMORY USAGE SAMPLES 0"
								+ " / ZCARD), while the streak is alive",
						buckets, perMember(bench, board), perMember(bench, board + ":last")));
			}
		}
		String entries = String.join(" ",
				bench.sync()
					.configGet("hash-max-listpack-*")
					.entrySet()
					.stream()
					.map((entry) -> entry.getKey() + " " + entry.getValue())
					.sorted()
					.toList());
		section.note(String.format(Locale.ROOT, "user ids u0 to u%d; each year one award of rule %s on March 1 through "
				+ "applyAll in chunks of %,d; bytes/user = MEMORY USAGE SAMPLES 0 of every {prefix}:streak-bucket:* "
				+ "key / users, board entries not included; 'not listpack': buckets Redis converted to a hashtable "
				+ "(the server's %s)", users - 1, EngineContext.RULE, CHUNK, entries));
		section.target("a user's streak data <= 120 bytes per user-year, first year, default buckets", firstYear <= 120,
				String.format(Locale.ROOT, "%.1f bytes", firstYear));
		section.target("a user's streak data <= 120 bytes per user-year, over " + YEARS + " years, default buckets",
				lastYearPerYear <= 120, String.format(Locale.ROOT, "%.1f bytes a year", lastYearPerYear));
		report.add(section);
	}

	private static void load(ActivityRankService service, int users) {
		List<ActivityEvent> events = new ArrayList<>(CHUNK);
		for (int u = 0; u < users; u++) {
			events.add(ActivityEvent.award("u" + u, "day", EngineContext.RULE));
			if (events.size() == CHUNK) {
				service.applyAll(events);
				events.clear();
			}
		}
		service.applyAll(events);
	}

	private static double perMember(BenchRedis bench, String key) {
		Long usage = bench.sync()
			.dispatch(CommandType.MEMORY, new IntegerOutput<>(StringCodec.UTF8),
					new CommandArgs<>(StringCodec.UTF8).add("USAGE").addKey(key).add("SAMPLES").add(0));
		Long members = bench.sync().zcard(key);
		return (usage != null && members != null && members > 0) ? usage / (double) members : Double.NaN;
	}

}
