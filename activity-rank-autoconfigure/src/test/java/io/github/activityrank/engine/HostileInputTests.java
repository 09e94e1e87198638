package io.github.activityrank.engine;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.HostileTally;
import io.github.activityrank.test.KeyspaceAudit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The service's catalogue of hostile input. Invalid user ids, fields, rules, points and
 * events are {@code REJECTED} with a reason, counted, and change no key; odd but valid
 * ids and fields are stored under the prefix and read back unchanged; query arguments out
 * of range throw {@link IllegalArgumentException}. Runs in a logical database of its own
 * ({@link KeyspaceAudit#SERVICE_DATABASE}); after every test a SCAN of that whole
 * database finds no key outside the prefix.
 */
@ExtendWith(OutputCaptureExtension.class)
class HostileInputTests {

	private static final int DATABASE = KeyspaceAudit.SERVICE_DATABASE;

	private static final String TEN_KB = "x".repeat(10 * 1024);

	private static final HostileTally tally = new HostileTally("service");

	private final String prefix = KeyspaceAudit.prefix("service");

	// day, week and month boards: total is a period this application did not configure
	private final EngineFixture engine = new EngineFixture(LocalDateTime.of(2026, 11, 18, 10, 0),
			EnumSet.of(Period.DAY, Period.WEEK, Period.MONTH), EngineFixture.FORUM_RULES, null, null, DATABASE,
			this.prefix);

	@AfterEach
	void scanTheWholeDatabaseThenCleanUp() {
		try {
			KeyspaceAudit.Result keyspace = KeyspaceAudit.audit(this.engine.connections, this.prefix);
			tally.scanned(keyspace);
			assertThat(keyspace.outside()).as("keys outside every prefix in database " + DATABASE).isEmpty();
			assertThat(keyspace.ours()).allSatisfy((key) -> assertThat(key).startsWith(this.engine.keys.tag() + ":")
				.doesNotContain(" ", "\n", "\r", "*", "?", "{x}", "}:evil"));
		}
		finally {
			this.engine.close();
		}
	}

	@AfterAll
	static void printFigures() {
		System.out.println(tally.line());
		assertThat(tally.storedByRejected()).isZero();
		assertThat(tally.outsidePrefix()).isZero();
	}

	static Stream<Arguments> invalidUserIds() {
		return Stream.of(arguments("null", null, "is null"), arguments("empty", "", "is blank"),
				arguments("space", " ", "is blank"), arguments("tab", "\t", "is blank"),
				arguments("newline", "\n", "is blank"), arguments("embedded newline", "u1\nu2", "control character"),
				arguments("carriage return", "u1\r", "control character"),
				arguments("NUL", "nul\u0000", "control character"),
				arguments("ANSI escape", "\u001b[31mred", "control character"),
				arguments("C1 control", "next\u0085line", "control character"),
				arguments("129 characters", "u".repeat(129), "limit is 128"),
				arguments("10 KB", TEN_KB, "limit is 128"),
				arguments("10 KB of :{}*?", ":{}*?".repeat(2048), "limit is 128"),
				arguments("10 KB of unicode", "用".repeat(10 * 1024), "limit is 128"));
	}

	static Stream<Arguments> invalidFields() {
		return Stream.of(arguments("empty", "", "is blank"), arguments("space", " ", "is blank"),
				arguments("tab", "\t", "is blank"), arguments("embedded newline", "42\n_praise", "control character"),
				arguments("NUL", "42\u0000", "control character"),
				arguments("257 characters", "f".repeat(257), "limit is 256"),
				arguments("10 KB", TEN_KB, "limit is 256"),
				arguments("10 KB of :{}*?\\n", ":{}*?\n".repeat(1707), "limit is 256"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidUserIds")
	void invalidUserIdsAreRejectedByEveryWriteAndFindNothing(String label, String userId, String reason) {
		assertRejected(() -> this.engine.service.award(userId, "42_praise", "praise"), reason);
		assertRejected(() -> this.engine.service.award(userId, "42_bonus", 5), reason);
		assertRejected(() -> this.engine.service.revoke(userId, "42_praise", "praise"), reason);
		assertRejected(() -> this.engine.service.revoke(userId, "42_praise"), reason);
		assertRejected(() -> this.engine.service.apply(ActivityEvent.award(userId, "42_praise", "praise")), reason);
		assertRejected(() -> this.engine.service.applyAll(List.of(ActivityEvent.awardPoints(userId, "x", 3))).get(0),
				reason);
		assertAnsweredEmpty(() -> this.engine.service.board(Period.DAY).rankOf(userId).isEmpty());
		assertAnsweredEmpty(() -> this.engine.service.board(Period.WEEK).around(userId, 5).isEmpty());
		assertAnsweredEmpty(() -> this.engine.service
			.history(userId, this.engine.calendar.today().minusDays(6), this.engine.calendar.today())
			.isEmpty());
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidFields")
	void invalidFieldsAreRejectedByEveryWrite(String label, String field, String reason) {
		assertRejected(() -> this.engine.service.award("u1", field, "praise"), reason);
		assertRejected(() -> this.engine.service.award("u1", field, 5), reason);
		assertRejected(() -> this.engine.service.revoke("u1", field, "praise"), reason);
		assertRejected(() -> this.engine.service.revoke("u1", field), reason);
		assertRejected(() -> this.engine.service.apply(new ActivityEvent("u1", field, "praise", null, false)), reason);
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void unknownRulesAreRejectedNamingTheConfiguredOnes() {
		for (String rule : Arrays.asList("nope", "", " ", "PRAISE", "praise\n", "{x}", "*", "praise:day", TEN_KB)) {
			assertRejected(() -> this.engine.service.award("u1", "f", rule), "unknown rule");
			assertRejected(() -> this.engine.service.revoke("u1", "f", rule), "configured rules are");
		}
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void explicitPointsOutsideOneToAMillionAreRejected() {
		for (long points : new long[] { 0, -1, -5, -1_000_000, 1_000_001, Integer.MAX_VALUE, Long.MAX_VALUE,
				Long.MIN_VALUE }) {
			assertRejected(() -> this.engine.service.award("u1", "f", points), "out of range 1..1000000");
			assertRejected(() -> this.engine.service.apply(new ActivityEvent("u1", "f", "praise", points, false)),
					"out of range");
		}
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void eventsWithNothingToApplyAreRejected() {
		assertRejected(() -> this.engine.service.apply(null), "event is null");
		assertRejected(() -> this.engine.service.apply(new ActivityEvent("u1", "f", null, null, false)),
				"neither a rule nor points");
		assertRejected(() -> this.engine.service.apply(new ActivityEvent("u1", null, null, null, false)),
				"neither a rule nor points");
		assertRejected(() -> this.engine.service.applyAll(Arrays.asList((ActivityEvent) null)).get(0), "event is null");
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void rejectionsAreLoggedOnceAsAWarningOnOneLineAndCounted(CapturedOutput output) {
		this.engine.service.award("u1\n2026-11-18 WARN forged line " + TEN_KB, "f", "praise");
		this.engine.service.award("u1", "f", "nope");
		this.engine.service.award("u1", "f", -5);

		assertThat(this.engine.counters.count(Outcome.REJECTED)).isEqualTo(3);
		assertThat(output.getOut()).containsOnlyOnce("Rejected activity")
			.contains("[user=u1\\n2026-11-18 WARN forged line xxx", "(10271 chars)", "limit is 128",
					"further rejections are logged at debug level")
			.doesNotContain("\n2026-11-18 WARN forged", TEN_KB);
	}

	@Test
	void queryArgumentsOutOfRangeThrowAndStoreNothing() {
		LocalDate today = this.engine.calendar.today();
		Map<String, Runnable> queries = new java.util.LinkedHashMap<>();
		queries.put("No TOTAL board", () -> this.engine.service.board(Period.TOTAL).top(10));
		queries.put("add total to activity-rank.periods", () -> this.engine.service.board(Period.TOTAL).rankOf("u1"));
		queries.put("period is required", () -> this.engine.service.board(null).top(10));
		queries.put("day is required", () -> this.engine.service.board(Period.DAY, null).page(0, 10));
		queries.put("limit must be between 1 and 1000, was 0", () -> this.engine.service.board(Period.DAY).top(0));
		queries.put("was -1", () -> this.engine.service.board(Period.DAY).top(-1));
		queries.put("was 1001", () -> this.engine.service.board(Period.DAY).top(1001));
		queries.put("was 2147483647", () -> this.engine.service.board(Period.DAY).top(Integer.MAX_VALUE));
		queries.put("was -2147483648", () -> this.engine.service.board(Period.DAY, today).page(0, Integer.MIN_VALUE));
		queries.put("offset must be 0 or more, was -1",
				() -> this.engine.service.board(Period.DAY, today).page(-1, 10));
		queries.put("was -9223372036854775808",
				() -> this.engine.service.board(Period.DAY, today).page(Long.MIN_VALUE, 10));
		queries.put("radius must be between 0 and 100, was -1",
				() -> this.engine.service.board(Period.DAY).around("u1", -1));
		queries.put("was 101", () -> this.engine.service.board(Period.DAY).around("u1", 101));
		queries.put("radius must be between 0 and 100, was 2147483647",
				() -> this.engine.service.board(Period.DAY).around("u1", Integer.MAX_VALUE));
		queries.put("from and to are required", () -> this.engine.service.history("u1", null, today));
		queries.put("is before from", () -> this.engine.service.history("u1", today, today.minusDays(1)));
		queries.put("at most 366 days", () -> this.engine.service.history("u1", today.minusDays(366), today));
		queries.put("history covers at most", () -> this.engine.service.history("u1", LocalDate.MIN, LocalDate.MAX));
		queries.forEach((message, query) -> {
			Map<String, String> before = fingerprint();
			assertThatIllegalArgumentException().as(message).isThrownBy(query::run).withMessageContaining(message);
			tally.rejected(!fingerprint().equals(before));
		});
		assertThat(this.engine.storedKeys()).isEmpty();
	}

	@Test
	void extremeButValidQueriesAnswerEmpty() {
		LocalDate today = this.engine.calendar.today();
		this.engine.service.award("u1", "42_praise", "praise");
		Map<String, String> before = fingerprint();

		assertThat(this.engine.service.board(Period.DAY, today).page(Long.MAX_VALUE, 1000)).isEmpty();
		assertThat(this.engine.service.board(Period.DAY, today).page(Long.MAX_VALUE - 1, 1000)).isEmpty();
		assertThat(this.engine.service.board(Period.WEEK, today).page(1_000_000_000_000L, 1)).isEmpty();
		assertThat(this.engine.service.board(Period.MONTH, LocalDate.MAX).top(10)).isEmpty();
		assertThat(this.engine.service.board(Period.WEEK, LocalDate.MIN).top(10)).isEmpty();
		assertThat(this.engine.service.board(Period.DAY, LocalDate.MIN).rankOf("u1")).isEmpty();
		assertThat(this.engine.service.board(Period.MONTH, LocalDate.MAX).around("u1", 100)).isEmpty();
		assertThat(this.engine.service.history("u1", LocalDate.MAX, LocalDate.MAX)).isEmpty();
		assertThat(this.engine.service.board(Period.DAY).top(1000)).extracting(RankEntry::id).containsExactly("u1");
		for (int i = 0; i < 9; i++) {
			tally.accepted();
		}
		assertThat(fingerprint()).as("reads change nothing").isEqualTo(before);
	}

	static Stream<String> oddButValidIdsAndFields() {
		return Stream.of("a:b", "{x}", "}{", "with space", "ünïcødé-用户", "*", "?", "[a]", "%41", "#cap", "a\\b",
				"rec:20261118:u1", "😀", ":{}*?", "}:evil", "{other}:day:20261118", "' OR 1=1 --", "<script>",
				"用".repeat(128), "😀".repeat(64));
	}

	@ParameterizedTest
	@MethodSource("oddButValidIdsAndFields")
	void oddButValidIdsAndFieldsStayInsideTheirOwnKeysAndRoundTrip(String value) {
		String field = (value.length() <= 128) ? value + value : value;
		assertThat(this.engine.service.award(value, field, "praise").outcome()).isEqualTo(Outcome.AWARDED);
		assertThat(this.engine.service.award("u1", field, "praise").outcome()).isEqualTo(Outcome.AWARDED);

		assertThat(this.engine.service.board(Period.DAY).rankOf(value)).map(RankEntry::score).contains(2L);
		assertThat(this.engine.service.board(Period.WEEK).top(10)).extracting(RankEntry::id).contains(value, "u1");
		assertThat(this.engine.service.board(Period.MONTH).around(value, 1)).extracting(RankEntry::id).contains(value);
		assertThat(this.engine.service.history(value, this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).containsOnlyKeys(field);
		assertThat(this.engine.storedKeys())
			.allSatisfy((key) -> assertThat(key).startsWith(this.engine.keys.tag() + ":"))
			.contains(this.engine.keys.record(this.engine.calendar.today(), RankKeys.encode(value)));
		assertThat(this.engine.service.revoke(value, field, "praise").outcome()).isEqualTo(Outcome.REVOKED);
		assertThat(this.engine.service.board(Period.DAY).rankOf(value)).isEmpty();
		tally.accepted();
	}

	@Test
	void aBatchRejectsOnlyItsHostileEventsAndAppliesTheRest() {
		List<AwardResult> results = this.engine.service.applyAll(Arrays.asList(ActivityEvent.award("u1", "1", "praise"),
				ActivityEvent.award(TEN_KB, "2", "praise"), null, ActivityEvent.award("u1", "3", "nope"),
				ActivityEvent.awardPoints("u1", "4", -5), ActivityEvent.award("u2", "5", "praise")));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.AWARDED, Outcome.REJECTED, Outcome.REJECTED, Outcome.REJECTED, Outcome.REJECTED,
					Outcome.AWARDED);
		assertThat(this.engine.service.board(Period.DAY).top(10)).extracting(RankEntry::id).containsOnly("u1", "u2");
		assertThat(this.engine.service.history("u1", this.engine.calendar.today(), this.engine.calendar.today())
			.get(0)
			.awards()).containsOnlyKeys("1");
		for (int i = 0; i < 4; i++) {
			tally.rejected(false);
		}
	}

	private void assertRejected(Supplier<AwardResult> call, String reason) {
		Map<String, String> before = fingerprint();
		long rejected = this.engine.counters.count(Outcome.REJECTED);
		AwardResult result = call.get();
		boolean changed = !fingerprint().equals(before);
		tally.rejected(changed);
		assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
		assertThat(result.points()).isZero();
		assertThat(result.reason()).contains(reason);
		assertThat(changed).as("a rejected request changed the keys of the prefix").isFalse();
		assertThat(this.engine.counters.count(Outcome.REJECTED)).isEqualTo(rejected + 1);
	}

	private void assertAnsweredEmpty(Supplier<Boolean> query) {
		Map<String, String> before = fingerprint();
		assertThat(query.get()).isTrue();
		tally.rejected(!fingerprint().equals(before));
	}

	private Map<String, String> fingerprint() {
		return KeyspaceAudit.fingerprint(this.engine.connections, this.prefix);
	}

}
