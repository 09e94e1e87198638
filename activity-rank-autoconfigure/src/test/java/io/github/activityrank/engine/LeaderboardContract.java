package io.github.activityrank.engine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.activityrank.ActivityLimits;
import io.github.activityrank.Leaderboard;
import io.github.activityrank.RankEntry;
import io.github.activityrank.redis.RankKeys;
import io.github.activityrank.test.RedisClusterTestServer;
import io.github.activityrank.test.RedisKeysCleaner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The promises of {@link Leaderboard}, one test each, that every kind of board keeps, on
 * one Redis and on shards: each kind's test class extends this one per topology (as
 * Spring Data runs one contract base per store) and says how to put members with given
 * scores on its board and how it numbers ties.
 * <p>
 * The board holds seven members: ann 5, bob 3, cid 3, dan 2, eve 1, fay 1, gus 1. Equal
 * scores are ordered by member, descending, as Redis orders them.
 */
abstract class LeaderboardContract {

	/** The members and scores every test fills the board with, best first. */
	static final Map<String, Long> SCORES = scores();

	/** The board's order: score, then member, both descending. */
	private static final List<String> ORDER = List.of("ann", "cid", "bob", "dan", "gus", "fay", "eve");

	/** The cluster's connections, when the board under test is on shards. */
	private LettuceConnectionFactory cluster;

	/**
	 * Connections to the test Redis: the shared server for one shard, the test Redis
	 * Cluster for more, whose keys of {@link #keySpaces()} are deleted after each test.
	 * @param shards the number of shards
	 * @return the connections
	 */
	protected RedisConnectionFactory connections(int shards) {
		if (shards == 1) {
			return EngineFixture.factory();
		}
		this.cluster = RedisClusterTestServer.shared().newConnectionFactory();
		return this.cluster;
	}

	/**
	 * Where the board under test keeps its keys.
	 * @return the key prefix's own key space, then its shards'
	 */
	protected abstract List<RankKeys> keySpaces();

	@AfterEach
	void deleteKeys() {
		if (this.cluster == null) {
			for (RankKeys keys : keySpaces()) {
				RedisKeysCleaner.delete(EngineFixture.factory(), keys.pattern());
			}
			return;
		}
		try (RedisClusterConnection connection = this.cluster.getClusterConnection()) {
			// SCAN does not span the nodes; every key of a shard is in the slot of its
			// tag
			for (RankKeys keys : keySpaces()) {
				List<byte[]> found = connection.clusterGetKeysInSlot(RedisClusterTestServer.slotOf(keys.tag()),
						100_000);
				for (byte[] key : (found != null) ? found : List.<byte[]>of()) {
					if (new String(key, StandardCharsets.UTF_8).startsWith(keys.tag())) {
						connection.keyCommands().del(key);
					}
				}
			}
		}
		finally {
			this.cluster.destroy();
		}
	}

	/** The board under test, empty until {@link #fill} put members on it. */
	protected abstract Leaderboard board();

	/**
	 * Put each member on the board with its score, as the kind's write path does.
	 * @param scores score by member, each score from 1 to 5
	 */
	protected abstract void fill(Map<String, Long> scores);

	/** How the kind numbers the ranks of equal scores. */
	protected abstract Ranking ranking();

	private static Map<String, Long> scores() {
		Map<String, Long> scores = new LinkedHashMap<>();
		scores.put("ann", 5L);
		scores.put("bob", 3L);
		scores.put("cid", 3L);
		scores.put("dan", 2L);
		scores.put("eve", 1L);
		scores.put("fay", 1L);
		scores.put("gus", 1L);
		return scores;
	}

	/** The whole board as it must read: ids, ranks in the kind's numbering, scores. */
	private List<org.assertj.core.groups.Tuple> expected() {
		return numbered(ORDER);
	}

	/** The given members in board order, ranked from 1 among themselves. */
	private List<org.assertj.core.groups.Tuple> numbered(List<String> members) {
		List<String> sorted = new ArrayList<>(members);
		sorted.sort(Comparator.comparingInt(ORDER::indexOf));
		List<org.assertj.core.groups.Tuple> rows = new ArrayList<>();
		long rank = 0;
		long previous = -1;
		for (int position = 0; position < sorted.size(); position++) {
			long score = SCORES.get(sorted.get(position));
			if (ranking() == Ranking.ORDINAL || score != previous) {
				rank = (ranking() == Ranking.COMPETITION) ? position + 1 : rank + 1;
			}
			previous = score;
			rows.add(tuple(sorted.get(position), rank, score));
		}
		return rows;
	}

	private Leaderboard filled() {
		fill(SCORES);
		return board();
	}

	@Test
	void anEmptyBoardAnswersEveryReadWithNothing() {
		Leaderboard board = board();
		assertThat(board.top(10)).isEmpty();
		assertThat(board.page(0, 10)).isEmpty();
		assertThat(board.size()).isZero();
		assertThat(board.rankOf("ann")).isEmpty();
		assertThat(board.around("ann", 2)).isEmpty();
		assertThat(board.among(List.of("ann", "bob"))).isEmpty();
	}

	@Test
	void topListsTheBestFirstWithRanksAndScores() {
		assertThat(filled().top(10)).extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactlyElementsOf(expected());
	}

	@Test
	void topStopsAfterNEntries() {
		assertThat(filled().top(2)).extracting(RankEntry::id).containsExactly("ann", "cid");
	}

	@Test
	void equalScoresAreRankedAsTheKindNumbersTies() {
		List<RankEntry> top = filled().top(10);
		// cid and bob share 3 points, gus, fay and eve 1
		assertThat(top.get(1).score()).isEqualTo(top.get(2).score());
		assertThat(top.get(2).rank()).isEqualTo((ranking() == Ranking.ORDINAL) ? 3 : 2);
		assertThat(top.get(6).rank()).isEqualTo(switch (ranking()) {
			case COMPETITION -> 5L;
			case DENSE -> 4L;
			case ORDINAL -> 7L;
		});
	}

	@Test
	void everyPageIsASliceOfTheWholeBoard() {
		Leaderboard board = filled();
		List<RankEntry> all = board.top(10);
		for (int offset = 0; offset <= all.size(); offset++) {
			for (int limit = 1; limit <= 3; limit++) {
				assertThat(board.page(offset, limit)).as("page(%d, %d)", offset, limit)
					.containsExactlyElementsOf(all.subList(offset, Math.min(all.size(), offset + limit)));
			}
		}
	}

	@Test
	void aPagePastTheEndIsEmpty() {
		Leaderboard board = filled();
		assertThat(board.page(7, 5)).isEmpty();
		assertThat(board.page(Long.MAX_VALUE - 1, ActivityLimits.MAX_PAGE_SIZE)).isEmpty();
	}

	@Test
	void rankOfGivesEachMemberItsEntryOnTheBoard() {
		Leaderboard board = filled();
		for (RankEntry entry : board.top(10)) {
			assertThat(board.rankOf(entry.id())).contains(entry);
		}
	}

	@Test
	void rankOfAnUnknownOrInvalidMemberIsEmpty() {
		Leaderboard board = filled();
		assertThat(board.rankOf("zed")).isEmpty();
		assertThat(board.rankOf("")).isEmpty();
		assertThat(board.rankOf(" ann")).isEmpty();
		assertThat(board.rankOf(null)).isEmpty();
		assertThat(board.rankOf("a".repeat(ActivityLimits.MAX_USER_ID_LENGTH + 1))).isEmpty();
	}

	@Test
	void aroundGivesTheMemberWithItsNeighboursOnEachSide() {
		Leaderboard board = filled();
		assertThat(board.around("dan", 1)).extracting(RankEntry::id).containsExactly("bob", "dan", "gus");
		assertThat(board.around("dan", 0)).extracting(RankEntry::id).containsExactly("dan");
		assertThat(board.around("dan", 1)).containsExactlyElementsOf(board.page(2, 3));
	}

	@Test
	void aroundFillsTheWindowFromTheOtherSideAtEitherEnd() {
		Leaderboard board = filled();
		assertThat(board.around("ann", 1)).extracting(RankEntry::id).containsExactly("ann", "cid", "bob");
		assertThat(board.around("eve", 1)).extracting(RankEntry::id).containsExactly("gus", "fay", "eve");
		assertThat(board.around("cid", ActivityLimits.MAX_RADIUS)).extracting(RankEntry::id)
			.containsExactlyElementsOf(ORDER);
	}

	@Test
	void aroundAnUnknownOrInvalidMemberIsEmpty() {
		Leaderboard board = filled();
		assertThat(board.around("zed", 2)).isEmpty();
		assertThat(board.around("", 2)).isEmpty();
		assertThat(board.around(null, 2)).isEmpty();
	}

	@Test
	void sizeCountsTheMembers() {
		assertThat(filled().size()).isEqualTo(SCORES.size());
	}

	@Test
	void amongRanksTheGivenMembersFromOneWithinTheSet() {
		Leaderboard board = filled();
		assertThat(board.among(List.of("eve", "dan", "bob")))
			.extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactly(tuple("bob", 1L, 3L), tuple("dan", 2L, 2L), tuple("eve", 3L, 1L));
	}

	@Test
	void amongNumbersTiesWithinTheSetAsTheBoardDoes() {
		Leaderboard board = filled();
		List<String> some = List.of("eve", "gus", "cid", "fay");
		assertThat(board.among(some)).extracting(RankEntry::id, RankEntry::rank, RankEntry::score)
			.containsExactlyElementsOf(numbered(some));
	}

	@Test
	void amongLeavesOutUnknownInvalidAndRepeatedMembers() {
		Leaderboard board = filled();
		assertThat(board.among(Arrays.asList("dan", "zed", "", null, " bob", "dan", "ann")))
			.extracting(RankEntry::id, RankEntry::rank)
			.containsExactly(tuple("ann", 1L), tuple("dan", 2L));
	}

	@Test
	void amongGivesTheSameEntriesAsRankOfApartFromTheRank() {
		Leaderboard board = filled();
		for (RankEntry entry : board.among(ORDER)) {
			RankEntry own = board.rankOf(entry.id()).orElseThrow();
			assertThat(entry).isEqualTo(new RankEntry(own.id(), entry.rank(), own.score(), own.details()));
		}
		assertThat(board.among(ORDER)).isEqualTo(board.top(10));
	}

	@Test
	void amongTakesUpToTheLimitOfMembers() {
		Leaderboard board = filled();
		List<String> ids = new ArrayList<>(
				IntStream.range(0, ActivityLimits.MAX_AMONG_USERS - 1).mapToObj((i) -> "other-" + i).toList());
		ids.add("bob");
		Collections.shuffle(ids);
		assertThat(board.among(ids)).extracting(RankEntry::id, RankEntry::rank).containsExactly(tuple("bob", 1L));
	}

	@Test
	void topRefusesNOutsideOneToThePageLimit() {
		Leaderboard board = filled();
		assertThatIllegalArgumentException().isThrownBy(() -> board.top(0));
		assertThatIllegalArgumentException().isThrownBy(() -> board.top(-1));
		assertThatIllegalArgumentException().isThrownBy(() -> board.top(ActivityLimits.MAX_PAGE_SIZE + 1));
		assertThat(board.top(ActivityLimits.MAX_PAGE_SIZE)).hasSize(SCORES.size());
	}

	@Test
	void pageRefusesANegativeOffsetOrALimitOutsideOneToThePageLimit() {
		Leaderboard board = filled();
		assertThatIllegalArgumentException().isThrownBy(() -> board.page(-1, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> board.page(0, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> board.page(0, ActivityLimits.MAX_PAGE_SIZE + 1));
	}

	@Test
	void aroundRefusesARadiusOutsideZeroToTheRadiusLimit() {
		Leaderboard board = filled();
		assertThatIllegalArgumentException().isThrownBy(() -> board.around("ann", -1));
		assertThatIllegalArgumentException().isThrownBy(() -> board.around("ann", ActivityLimits.MAX_RADIUS + 1));
		assertThatIllegalArgumentException().isThrownBy(() -> board.around("zed", ActivityLimits.MAX_RADIUS + 1));
	}

	@Test
	void amongRefusesNoIdsOrMoreThanTheLimit() {
		Leaderboard board = filled();
		assertThatIllegalArgumentException().isThrownBy(() -> board.among(null));
		List<String> tooMany = IntStream.rangeClosed(0, ActivityLimits.MAX_AMONG_USERS)
			.mapToObj((i) -> "member-" + i)
			.toList();
		assertThatIllegalArgumentException().isThrownBy(() -> board.among(tooMany));
	}

}
