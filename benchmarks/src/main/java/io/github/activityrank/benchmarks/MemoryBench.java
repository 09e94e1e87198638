package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;

/**
 * Section 5 of the report, memory: bytes per idempotency record and per board member
 * after R records over U users in one day ({@code INFO used_memory} deltas), ours
 * (written by the engine's own award path) against the reference's layout (one hash per
 * user per day, written by a pipelined writer). Week and month hashes hold weekly and
 * monthly cap counters only; the engine here has no cap, so it writes none (the column
 * that would add them equals the bytes per record). Each round loads one layout and
 * removes all of it again; the two run in interleaved rounds ({@link Interleaved}), so
 * that another client's writes or a slow free moves one round's ratio, not the verdict.
 */
final class MemoryBench {

	private static final int LOAD_THREADS = 8;

	private static final int BATCH = 256;

	private static final String REFERENCE = "reference";

	private static final String OURS = "ours";

	private static final String PER_RECORD = "bytes/record";

	private static final String PER_MEMBER = "bytes/board member";

	private static final String WITH_PERIOD_HASHES = "bytes/record with week + month hashes";

	private static final String PERIOD_HASHES_PER_USER = "week + month hashes bytes/user";

	private static final String SAMPLED = "MEMORY USAGE bytes/record";

	private static final String LOAD_SECONDS = "load s";

	private MemoryBench() {
	}

	/**
	 * Memory of one layout; {@code periodHashBytes} is that of the engine's week and
	 * month hashes, 0 for the reference, which has none.
	 */
	record Footprint(long recordBytes, long periodHashBytes, long boardBytes, long records, long users,
			long boardMembers, double sampledRecordKeyBytes, String recordEncoding, double loadSeconds) {

		double perRecord() {
			return (double) this.recordBytes / this.records;
		}

		double perRecordWithPeriodHashes() {
			return (double) (this.recordBytes + this.periodHashBytes) / this.records;
		}

		double perMember() {
			return (double) this.boardBytes / this.boardMembers;
		}

		double sampledPerRecord(int users) {
			return this.sampledRecordKeyBytes * users / this.records;
		}

		Map<String, Double> figures(int users) {
			return Map.of(PER_RECORD, perRecord(), WITH_PERIOD_HASHES, perRecordWithPeriodHashes(),
					PERIOD_HASHES_PER_USER, (double) this.periodHashBytes / this.users, PER_MEMBER, perMember(),
					SAMPLED, sampledPerRecord(users), LOAD_SECONDS, this.loadSeconds);
		}

	}

	static void run(BenchOptions options, Report report, BenchRedis bench, EngineContext engine,
			ReferenceActivityRank reference) {
		int users = options.memoryUsers;
		int records = options.memoryRecords;
		Map<String, String> encodings = new HashMap<>();
		Interleaved.Results results = Interleaved.plan().baseline(REFERENCE, () -> {
			Footprint footprint = reference(bench, reference, engine, users, records);
			encodings.put(REFERENCE, footprint.recordEncoding());
			return footprint.figures(users);
		}).subject(OURS, () -> {
			Footprint footprint = engine(bench, engine, users, records);
			encodings.put(OURS, footprint.recordEncoding());
			return footprint.figures(users);
		}).run(options.rounds);
		Report.Section section = new Report.Section(
				String.format(Locale.ROOT, "5. Memory, %,d records over %,d users in one day, day + month boards",
						records, users),
				"layout", "bytes/record", WITH_PERIOD_HASHES, "bytes/board member", "MEMORY USAGE bytes/record",
				"record encoding", "load s");
		section.row("reference (hash per user per day)", results.median(REFERENCE, PER_RECORD),
				results.median(REFERENCE, WITH_PERIOD_HASHES), results.median(REFERENCE, PER_MEMBER),
				results.median(REFERENCE, SAMPLED), encodings.get(REFERENCE), results.median(REFERENCE, LOAD_SECONDS));
		section.row("ours (engine award path, applyAll)", results.median(OURS, PER_RECORD),
				results.median(OURS, WITH_PERIOD_HASHES), results.median(OURS, PER_MEMBER),
				results.median(OURS, SAMPLED), encodings.get(OURS), results.median(OURS, LOAD_SECONDS));
		Interleaved.Spread perRecord = results.ratio(OURS, REFERENCE, PER_RECORD);
		section.row("ours / reference", perRecord.ratio(), results.ratio(OURS, REFERENCE, WITH_PERIOD_HASHES).ratio(),
				results.ratio(OURS, REFERENCE, PER_MEMBER).ratio(), results.ratio(OURS, REFERENCE, SAMPLED).ratio(), "",
				"");
		section.note("bytes = INFO used_memory delta (server-wide, so other clients of the same server add noise); "
				+ "MEMORY USAGE is the mean of 200 sampled record keys, as a cross-check");
		section.note(String.format(Locale.ROOT,
				"bytes/record counts the day's record hashes (a record value names its award's rule, so "
						+ "summaries need no tally); week and month hashes exist only under weekly or monthly caps, "
						+ "none here: %.1f bytes per user for the two (median), added in \"%s\"; the reference "
						+ "keeps no such hashes",
				results.median(OURS, PERIOD_HASHES_PER_USER), WITH_PERIOD_HASHES));
		section.note("board member bytes = memory of the day and month boards / (2 x users)");
		section.note(String.format(Locale.ROOT,
				"%d interleaved rounds of the reference and ours, each loading and removing its layout, and a closing "
						+ "reference round; figures are medians over the rounds, a ratio cell the median of the "
						+ "per-round ratios (min-max)",
				options.rounds));
		section.target("bytes per record <= 1.1x reference (issue 22)", perRecord.median() <= 1.1,
				perRecord.ratioWithIqr() + " of the reference");
		report.add(section);
	}

	static Footprint engine(BenchRedis bench, EngineContext engine, int users, int records) {
		ActivityRankService service = engine.service();
		LocalDate today = LocalDate.now(engine.zone);
		long before = bench.usedMemory();
		// the engine's own award path in batches, as the async dispatcher drives it
		// (applyAll)
		AtomicLong next = new AtomicLong();
		AtomicLong notAwarded = new AtomicLong();
		long started = System.nanoTime();
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < LOAD_THREADS; t++) {
			Thread thread = new Thread(() -> {
				for (long from = next.getAndAdd(BATCH); from < records; from = next.getAndAdd(BATCH)) {
					List<ActivityEvent> events = new ArrayList<>(BATCH);
					for (long i = from; i < Math.min(records, from + BATCH); i++) {
						events.add(ActivityEvent.award("m" + (i % users), (i / users) + "_praise", EngineContext.RULE));
					}
					for (AwardResult result : service.applyAll(events)) {
						if (result.outcome() != AwardResult.Outcome.AWARDED) {
							notAwarded.incrementAndGet();
						}
					}
				}
			});
			threads.add(thread);
			thread.start();
		}
		join(threads);
		double loadSeconds = (System.nanoTime() - started) / 1e9;
		if (notAwarded.get() > 0) {
			throw new IllegalStateException(notAwarded.get() + " awards of the memory load were not AWARDED");
		}
		long loaded = bench.usedMemory();
		String dayBoard = EngineKeys.dayBoard(engine.prefix, today);
		String monthBoard = EngineKeys.monthBoard(engine.prefix, today);
		long members = bench.sync().zcard(dayBoard) + bench.sync().zcard(monthBoard);
		if (members != 2L * users) {
			throw new IllegalStateException("Expected " + users + " members on " + dayBoard + " and " + monthBoard
					+ ", found " + members + " in all: EngineKeys no longer matches the engine");
		}
		bench.sync().del(dayBoard, monthBoard);
		long withoutBoards = bench.usedMemory();
		// week and month hashes hold weekly and monthly cap counters only: the engine
		// here has no cap, so an award must write none (measured apart if it did)
		long periodHashes = bench.unlinkMatching(EngineKeys.weekSummaryPattern(engine.prefix, today))
				+ bench.unlinkMatching(EngineKeys.monthSummaryPattern(engine.prefix, today));
		if (periodHashes != 0) {
			throw new IllegalStateException("Found " + periodHashes + " week or month hashes of " + users
					+ " users although no cap is configured: the award path writes what it does not use");
		}
		long withoutPeriodHashes = bench.usedMemory();
		String sampleKey = EngineKeys.record(engine.prefix, today, "m0");
		double sampled = sample(bench, i -> EngineKeys.record(engine.prefix, today, "m" + i), users);
		String encoding = bench.sync().objectEncoding(sampleKey);
		bench.unlinkMatching(EngineKeys.recordPattern(engine.prefix, today));
		return new Footprint(withoutPeriodHashes - before, withoutBoards - withoutPeriodHashes, loaded - withoutBoards,
				records, users, members, sampled, encoding, loadSeconds);
	}

	static Footprint reference(BenchRedis bench, ReferenceActivityRank reference, EngineContext engine, int users,
			int records) {
		LocalDate today = LocalDate.now(engine.zone);
		int perUser = records / users;
		String points = Integer.toString(EngineContext.RULE_POINTS);
		long before = bench.usedMemory();
		long started = System.nanoTime();
		bench.pipelined(0, users, 1, (async, start, end) -> {
			String key = reference.recordKey("m" + start, today);
			for (int f = 0; f < perUser; f++) {
				async.hset(key, f + "_praise", points);
			}
			return async.expire(key, 31L * 24 * 3600);
		});
		long recordsLoaded = bench.usedMemory();
		String dayBoard = reference.dayBoard(today);
		String monthBoard = reference.monthBoard(today);
		double total = (double) perUser * EngineContext.RULE_POINTS;
		for (String board : List.of(dayBoard, monthBoard)) {
			bench.bulkZadd(board, 0, users, i -> "m" + i, i -> total);
			bench.sync().expire(board, 31L * 24 * 3600);
		}
		double loadSeconds = (System.nanoTime() - started) / 1e9;
		long boardsLoaded = bench.usedMemory();
		double sampled = sample(bench, i -> reference.recordKey("m" + i, today), users);
		String encoding = bench.sync().objectEncoding(reference.recordKey("m0", today));
		bench.sync().del(dayBoard, monthBoard);
		bench.pipelined(0, users, 500, (async, start, end) -> {
			String[] keys = new String[(int) (end - start)];
			for (long i = start; i < end; i++) {
				keys[(int) (i - start)] = reference.recordKey("m" + i, today);
			}
			return async.unlink(keys);
		});
		return new Footprint(recordsLoaded - before, 0, boardsLoaded - recordsLoaded, records, users, 2L * users,
				sampled, encoding, loadSeconds);
	}

	/** Mean MEMORY USAGE of up to 200 record keys spread over the users. */
	private static double sample(BenchRedis bench, java.util.function.LongFunction<String> key, int users) {
		int samples = Math.min(200, users);
		long sum = 0;
		for (int s = 0; s < samples; s++) {
			Long bytes = bench.sync().memoryUsage(key.apply((long) s * users / samples));
			sum += (bytes != null) ? bytes : 0;
		}
		return (double) sum / samples;
	}

	private static void join(List<Thread> threads) {
		for (Thread thread : threads) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

}
