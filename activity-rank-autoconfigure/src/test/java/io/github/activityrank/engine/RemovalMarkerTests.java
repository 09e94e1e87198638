package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.AwardResult;
import io.github.activityrank.AwardResult.Outcome;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.redis.RemovalMarkers;
import io.github.activityrank.test.RedisKeysCleaner;
import io.github.activityrank.test.RedisTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The marker {@code removeUser} leaves, so that awards made before the removal and
 * applied after it do not bring the user back, lasts {@code retention.record} (and a day)
 * after that user's removal, whatever other users are removed later: the id of an erased
 * user is not kept for ever. The fixture keeps records 31 days, so a marker lasts 32.
 * Markers written with one shard count are honoured with another once the start copied
 * them onto the users' new shards.
 */
class RemovalMarkerTests {

	private static final long DAY = 86_400_000L;

	private final List<EngineFixture> fixtures = new ArrayList<>();

	@AfterEach
	void cleanUp() {
		this.fixtures.forEach((engine) -> RedisKeysCleaner.delete(engine.connections,
				RedisKeysCleaner.prefixPattern(prefix(engine))));
	}

	private static String prefix(EngineFixture engine) {
		return engine.keys.tag().substring(1, engine.keys.tag().length() - 1);
	}

	private EngineFixture engine(LocalDateTime start, int shards) {
		return engine(start, shards, RedisTestServer.uniquePrefix("removal_markers"));
	}

	private EngineFixture engine(LocalDateTime start, int shards, String prefix) {
		EngineFixture engine = new EngineFixture(start, EnumSet.allOf(Period.class), Map.of(), null, null,
				EngineFixture.factory(), prefix, BoardOrder.DEFAULT, shards);
		this.fixtures.add(engine);
		return engine;
	}

	@ParameterizedTest(name = "{0} shard(s)")
	@ValueSource(ints = { 1, 3 })
	void aMarkerExpiresRetentionAfterItsOwnRemovalWhateverIsRemovedLater(int shards) {
		// the calendar's days line up with the server's clock: "day 1" was 35 days ago,
		// "day 20" 16 days ago
		LocalDateTime now = LocalDateTime.now(EngineFixture.ZONE);
		LocalDateTime dayOne = now.minusDays(35);
		LocalDateTime dayTwenty = dayOne.plusDays(19);
		EngineFixture engine = engine(dayOne, shards);
		engine.service.award("erased-a", "x", 5);
		engine.service.removeUser("erased-a");
		engine.clock.set(dayTwenty);
		engine.service.award("erased-b", "x", 5);
		engine.service.removeUser("erased-b");
		engine.clock.set(now);

		assertThat(storedText(engine)).as("nothing names the user removed 35 days ago")
			.noneMatch((text) -> text.contains("erased-a"));
		assertThat(storedText(engine)).as("the marker of the user removed 16 days ago")
			.anyMatch((text) -> text.contains("erased-b"));
	}

	@ParameterizedTest(name = "{0} shard(s)")
	@ValueSource(ints = { 1, 3 })
	void awardsMadeBeforeARemovalWithinRetentionAreStillRefused(int shards) {
		LocalDateTime now = LocalDateTime.now(EngineFixture.ZONE);
		LocalDateTime removal = now.minusDays(16);
		EngineFixture engine = engine(now.minusDays(35), shards);
		engine.service.removeUser("erased-c");
		engine.clock.set(removal);
		engine.service.award("erased-b", "x", 5);
		engine.service.removeUser("erased-b");
		engine.clock.set(now);
		Instant before = removal.minusHours(1).atZone(EngineFixture.ZONE).toInstant();
		Instant after = removal.plusHours(1).atZone(EngineFixture.ZONE).toInstant();

		List<AwardResult> results = engine.service.applyAll(
				List.of(ActivityEvent.awardPoints("erased-b", "late", 3),
						ActivityEvent.awardPoints("erased-b", "later", 4), ActivityEvent.awardPoints("kept", "x", 1)),
				List.of(before, after, before));

		assertThat(results).extracting(AwardResult::outcome)
			.containsExactly(Outcome.REJECTED, Outcome.AWARDED, Outcome.AWARDED);
		assertThat(results.get(0).reason()).isEqualTo("the user was removed after this award was made");
		assertThat(engine.service.board(Period.TOTAL).rankOf("erased-b").map(RankEntry::score)).contains(4L);
	}

	@Test
	void markersWrittenWithOneShardAreHonouredWithThreeOnceTheStartCopiedThemToTheUsersShard() {
		LocalDateTime now = LocalDateTime.now(EngineFixture.ZONE);
		LocalDateTime removal = now.minusDays(16);
		String prefix = RedisTestServer.uniquePrefix("removal_markers");
		EngineFixture one = engine(removal, 1, prefix);
		one.service.award("erased-b", "x", 5);
		one.service.removeUser("erased-b");
		String oldMarker = one.keys.tag() + ":removed:erased-b";
		EngineFixture three = engine(now, 3, prefix);

		// what the start does when the keys were written with another shard count
		assertThat(RemovalMarkers.copy(three.connections, new RankKeys(prefix), 1, three.shards)).isOne();
		Instant before = removal.minusHours(1).atZone(EngineFixture.ZONE).toInstant();
		Instant after = removal.plusHours(1).atZone(EngineFixture.ZONE).toInstant();
		List<AwardResult> results = three.service.applyAll(List.of(ActivityEvent.awardPoints("erased-b", "late", 3),
				ActivityEvent.awardPoints("erased-b", "later", 4)), List.of(before, after));

		assertThat(results).extracting(AwardResult::outcome).containsExactly(Outcome.REJECTED, Outcome.AWARDED);
		// the copy expires when the marker it copies does, which still expires
		RankKeys shard = three.shards.keys(three.shards.shardOf("erased-b"));
		long expiry = expireTime(three, oldMarker);
		assertThat(expiry).isBetween(System.currentTimeMillis(), System.currentTimeMillis() + DAY * 17);
		assertThat(expireTime(three, shard.tag() + ":removed:erased-b")).isEqualTo(expiry);
		assertThat(expireTime(three, shard.tag() + ":removed")).isGreaterThanOrEqualTo(expiry);
		// a second start copies nothing over the marker already there
		assertThat(RemovalMarkers.copy(three.connections, new RankKeys(prefix), 1, three.shards)).isZero();
	}

	@Test
	void markersKeptInOneHashByEarlierVersionsGetExpiriesOfTheirOwnAtTheNextRemoval() {
		LocalDateTime now = LocalDateTime.now(EngineFixture.ZONE);
		EngineFixture engine = engine(now, 1);
		Instant longAgo = now.minusDays(40).atZone(EngineFixture.ZONE).toInstant();
		Instant recently = now.minusDays(2).atZone(EngineFixture.ZONE).toInstant();
		try (RedisConnection connection = engine.connections.getConnection()) {
			byte[] hash = (engine.keys.tag() + ":removed").getBytes(StandardCharsets.UTF_8);
			connection.hashCommands()
				.hMSet(hash,
						Map.of("erased-long-ago".getBytes(StandardCharsets.UTF_8),
								Long.toString(longAgo.toEpochMilli()).getBytes(StandardCharsets.UTF_8),
								"erased-recently".getBytes(StandardCharsets.UTF_8),
								Long.toString(recently.toEpochMilli()).getBytes(StandardCharsets.UTF_8)));
		}

		engine.service.removeUser("erased-now");

		assertThat(storedText(engine)).noneMatch((text) -> text.contains("erased-long-ago"));
		assertThat(engine.service
			.applyAll(List.of(ActivityEvent.awardPoints("erased-recently", "late", 3)),
					List.of(recently.minusSeconds(60)))
			.get(0)
			.outcome()).isEqualTo(Outcome.REJECTED);
	}

	/**
	 * Every key name under the fixture's prefix (every shard's tag), and every value,
	 * hash field and set member stored in those keys.
	 */
	private static List<String> storedText(EngineFixture engine) {
		List<String> texts = new ArrayList<>();
		try (RedisConnection connection = engine.connections.getConnection()) {
			for (String key : RedisKeysCleaner.keys(engine.connections,
					RedisKeysCleaner.prefixPattern(prefix(engine)))) {
				byte[] name = key.getBytes(StandardCharsets.UTF_8);
				if (key.endsWith(":removed-recently")) {
					// the index a running rebuild reads: a day of removals, gone a day
					// after
					// its shard's last removal
					assertThat(connection.keyCommands().pTtl(name)).isBetween(1L, 86_400_000L);
					continue;
				}
				texts.add(key);
				DataType type = connection.keyCommands().type(name);
				if (type == DataType.STRING) {
					texts.add(text(connection.stringCommands().get(name)));
				}
				else if (type == DataType.HASH) {
					connection.hashCommands().hGetAll(name).forEach((field, value) -> {
						texts.add(text(field));
						texts.add(text(value));
					});
				}
				else if (type == DataType.ZSET) {
					connection.zSetCommands().zRange(name, 0, -1).forEach((member) -> texts.add(text(member)));
				}
				else if (type == DataType.SET) {
					connection.setCommands().sMembers(name).forEach((member) -> texts.add(text(member)));
				}
			}
		}
		return texts;
	}

	/** When a key expires, epoch ms: {@code PEXPIRETIME}. */
	private static long expireTime(EngineFixture engine, String key) {
		try (RedisConnection connection = engine.connections.getConnection()) {
			return connection.scriptingCommands()
				.eval("return redis.call('PEXPIRETIME', KEYS[1])".getBytes(StandardCharsets.UTF_8), ReturnType.INTEGER,
						1, key.getBytes(StandardCharsets.UTF_8));
		}
	}

	private static String text(byte[] bytes) {
		return (bytes != null) ? new String(bytes, StandardCharsets.UTF_8) : "";
	}

}
