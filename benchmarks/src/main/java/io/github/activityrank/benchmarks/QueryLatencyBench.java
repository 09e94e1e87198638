package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Section 4 of the report, query latency: queries on a board of N members from several
 * threads, in interleaved rounds with raw {@code ZREVRANGE key 0 29 WITHSCORES} through
 * the same Lettuce client ({@link Interleaved}), so that each latency ratio is the median
 * of per-round ratios. {@code rankOf} is measured in each rank mode: competition (the
 * default), dense (the same board read by an engine with {@code ranking: dense}, which
 * builds the board's dense companion on its first read) and ordinal/earliest (a board of
 * the same points written in the layout of {@code tie-break: earliest}, which numbers
 * ranks as ordinal). {@code among} of 100 ids has a baseline of its own in the same
 * rounds, a raw {@code ZMSCORE} of 100 members of the board.
 */
final class QueryLatencyBench {

	private static final String RAW = "raw ZREVRANGE 0 29 WITHSCORES";

	private static final String RAW_ZMSCORE = "raw ZMSCORE of 100 members";

	private static final String RANK_OF = "rankOf";

	private static final String RANK_OF_DENSE = "rankOf, ranking: dense";

	private static final String RANK_OF_EARLIEST = "rankOf, tie-break: earliest (ordinal)";

	private static final String AMONG = "among(100 ids)";

	private static final int AMONG_IDS = 100;

	private QueryLatencyBench() {
	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine) {
		ActivityRankService service = engine.service();
		StringRedisTemplate redis = engine.redis();
		LocalDate today = LocalDate.now(engine.zone);
		String board = EngineKeys.dayBoard(engine.prefix, today);
		String earliestPrefix = engine.prefix + "_earliest";
		String earliestBoard = EngineKeys.dayBoard(earliestPrefix, today);
		int size = options.queryBoardSize;
		long started = System.nanoTime();
		loadBoard(bench, board, 0, size);
		double loadSeconds = (System.nanoTime() - started) / 1e9;
		// the same points, each reached at some second of today
		bench.bulkZadd(earliestBoard, 0, size, i -> "q" + i,
				i -> EngineKeys.earliestScore(points(i), i * 104_729 % 86_400 * 1000L));
		try (EngineContext dense = EngineContext.start(options, engine.prefix, "activity-rank.ranking=dense");
				EngineContext earliest = EngineContext.start(options, earliestPrefix,
						"activity-rank.tie-break=earliest")) {
			checkLayout(service, redis, board);
			checkLayout(earliest.service(), earliest.redis(), earliestBoard);
			long denseStarted = System.nanoTime();
			rankOf(dense.service(), "q1"); // builds the companion, once
			double denseSeconds = (System.nanoTime() - denseStarted) / 1e9;
			measure(options, report, service, dense.service(), earliest.service(), redis, board, today, size,
					String.format(Locale.ROOT,
							"board %s loaded with %,d members by pipelined ZADD in %.1f s, and %s with the same points "
									+ "in the layout of tie-break: earliest; the first dense rankOf built the dense "
									+ "companion (%,d distinct points) in %.1f s",
							board, size, loadSeconds, earliestBoard,
							bench.sync().zcard(EngineKeys.denseDayBoard(engine.prefix, today)), denseSeconds));
		}
		finally {
			redis.unlink(List.of(board, EngineKeys.denseDayBoard(engine.prefix, today), earliestBoard));
		}
	}

	private static void measure(BenchOptions options, Report report, ActivityRankService service,
			ActivityRankService dense, ActivityRankService earliest, StringRedisTemplate redis, String board,
			LocalDate today, int size, String loadNote) {
		long offset = Math.min(options.deepPageOffset, Math.max(0, size - 30));
		Map<String, Latencies.Call> queries = new LinkedHashMap<>();
		queries.put("top(30) + RankUserLookup", (t, i) -> expect(service.board(Period.DAY).top(30), 30));
		queries.put(RANK_OF, (t, i) -> rankOf(service, randomMember(size)));
		queries.put("around(5)", (t, i) -> expect(service.board(Period.DAY).around(randomMember(size), 5), 11));
		queries.put("page(offset " + offset + ", 30)",
				(t, i) -> expect(service.board(Period.DAY, today).page(offset, 30), 30));
		Map<String, Latencies.Call> rankModes = new LinkedHashMap<>();
		rankModes.put(RANK_OF_DENSE, (t, i) -> rankOf(dense, randomMember(size)));
		rankModes.put(RANK_OF_EARLIEST, (t, i) -> rankOf(earliest, randomMember(size)));
		Interleaved plan = Interleaved.plan()
			.warmup(1)
			.baseline(RAW, arm(options, (t, i) -> redis.opsForZSet().reverseRangeWithScores(board, 0, 29)))
			.baseline(RAW_ZMSCORE, arm(options, (t, i) -> {
				if (redis.opsForZSet().score(board, randomMembers(size).toArray()).size() != AMONG_IDS) {
					throw new IllegalStateException("ZMSCORE answered a list of another length");
				}
			}));
		queries.forEach((name, call) -> plan.subject(name, arm(options, call)));
		rankModes.forEach((name, call) -> plan.subject(name, arm(options, call)));
		plan.subject(AMONG, arm(options, (t, i) -> {
			if (service.board(Period.DAY).among(randomMembers(size)).isEmpty()) {
				throw new IllegalStateException("among found none of 100 members of the board");
			}
		}));
		Interleaved.Results results = plan.run(options.rounds);

		Report.Section section = new Report.Section(
				"4. Queries on a board of " + String.format(Locale.ROOT, "%,d", size) + " members, "
						+ options.queryThreads + " threads",
				"query", "calls/s", "p50 us", "p99 us", "p50 / raw", "p99 / raw");
		section.row(RAW, results.median(RAW, Latencies.PER_SECOND), results.median(RAW, Latencies.P50),
				results.median(RAW, Latencies.P99), Report.ratio(1), Report.ratio(1));
		Worst queryWorst = rows(section, results, queries.keySet(), RAW);
		Worst rankWorst = rows(section, results, rankModes.keySet(), RAW);
		rankWorst = rankWorst.or(RANK_OF, results.ratio(RANK_OF, RAW, Latencies.P99));
		section.row(RAW_ZMSCORE, results.median(RAW_ZMSCORE, Latencies.PER_SECOND),
				results.median(RAW_ZMSCORE, Latencies.P50), results.median(RAW_ZMSCORE, Latencies.P99), Report.ratio(1),
				Report.ratio(1));
		Interleaved.Spread amongP99 = rows(section, results, List.of(AMONG), RAW_ZMSCORE).spread();
		section.note(loadNote);
		section.note(String.format(Locale.ROOT,
				"one warm-up cycle, then %d interleaved rounds of both raw commands and every query (%.1f s each) and "
						+ "a closing round of the raw commands",
				options.rounds, options.querySeconds));
		section.note("calls/s, p50 and p99 are medians over the rounds; a ratio cell is the median of the per-round "
				+ "ratios (min-max), each query round over the mean of the raw rounds just before and after it: "
				+ "among's over raw ZMSCORE of 100 random members, every other query's over raw ZREVRANGE");
		section.note("rankOf reads ZSCORE + ZCOUNT on the board (competition), ZSCORE + ZCOUNT on the dense "
				+ "companion (dense) or ZSCORE + ZREVRANK (ordinal, and so earliest, which numbers ranks as ordinal; "
				+ "ranking: ordinal without earliest sends the same commands); among is one ZMSCORE, ranked in Java");
		section.target("query p99 <= 2x raw ZREVRANGE", queryWorst.spread().median() <= 2.0,
				"worst is " + queryWorst.query() + " at " + queryWorst.spread().ratioWithIqr());
		section.target("rankOf p99 <= 2x raw ZREVRANGE in every rank mode (competition, dense, ordinal/earliest)",
				rankWorst.spread().median() <= 2.0,
				"worst is " + rankWorst.query() + " at " + rankWorst.spread().ratioWithIqr());
		section.target("among(100 ids) p99 <= 2x raw ZMSCORE of 100 members", amongP99.median() <= 2.0,
				amongP99.ratioWithIqr() + " of raw ZMSCORE");
		report.add(section);
	}

	/** The query with the highest median p99 ratio, and that ratio. */
	private record Worst(String query, Interleaved.Spread spread) {

		Worst or(String other, Interleaved.Spread otherSpread) {
			return (otherSpread.median() > this.spread.median()) ? new Worst(other, otherSpread) : this;
		}

	}

	/** One row per query against its baseline; the worst p99 ratio among them. */
	private static Worst rows(Report.Section section, Interleaved.Results results, Iterable<String> queries,
			String baseline) {
		Worst worst = null;
		for (String query : queries) {
			Interleaved.Spread p99 = results.ratio(query, baseline, Latencies.P99);
			worst = (worst == null) ? new Worst(query, p99) : worst.or(query, p99);
			section.row(query, results.median(query, Latencies.PER_SECOND), results.median(query, Latencies.P50),
					results.median(query, Latencies.P99), results.ratio(query, baseline, Latencies.P50).ratio(),
					p99.ratio());
		}
		return worst;
	}

	private static Interleaved.Arm arm(BenchOptions options, Latencies.Call call) {
		return () -> Latencies.measure(options.queryThreads, options.querySeconds, call).figures();
	}

	static void loadBoard(BenchRedis bench, String board, long from, long to) {
		bench.bulkZadd(board, from, to, i -> "q" + i, i -> (double) points(i));
	}

	/** The points of member {@code q<i>}: spread over 0 to 1,000,002, all distinct. */
	private static long points(long i) {
		return i * 7919 % 1_000_003;
	}

	/**
	 * Fails loudly when the engine does not read the board the harness loaded, or reads
	 * other points than were loaded.
	 */
	static void checkLayout(ActivityRankService service, StringRedisTemplate redis, String board) {
		Optional<RankEntry> entry = service.board(Period.DAY).rankOf("q1");
		if (entry.isEmpty()) {
			throw new IllegalStateException("The engine does not read board " + board
					+ ": EngineKeys no longer matches the engine's key layout");
		}
		if (entry.get().score() != points(1)) {
			throw new IllegalStateException("The engine reads " + entry.get().score() + " points for q1 on " + board
					+ " instead of " + points(1) + ": EngineKeys no longer matches the engine's score layout");
		}
	}

	private static String randomMember(int size) {
		return "q" + ThreadLocalRandom.current().nextInt(size);
	}

	private static List<String> randomMembers(int size) {
		List<String> members = new ArrayList<>(AMONG_IDS);
		for (int i = 0; i < AMONG_IDS; i++) {
			members.add(randomMember(size));
		}
		return members;
	}

	private static void rankOf(ActivityRankService service, String user) {
		if (service.board(Period.DAY).rankOf(user).isEmpty()) {
			throw new IllegalStateException(user + " not found");
		}
	}

	private static void expect(List<RankEntry> entries, int size) {
		if (entries.size() != size) {
			throw new IllegalStateException("expected " + size + " entries, got " + entries.size());
		}
	}

}
