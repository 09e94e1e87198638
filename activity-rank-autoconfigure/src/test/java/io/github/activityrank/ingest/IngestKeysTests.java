package io.github.activityrank.ingest;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The key names and the partition hash, as docs/ingest.md gives them to producers.
 */
class IngestKeysTests {

	private final IngestKeys keys = new IngestKeys("{activity_rank}", "activity", 4);

	@Test
	void aUsersPartitionIsCrc32OfTheUtf8IdModThePartitions() {
		// zlib.crc32(b"user-42") == 2097592435, the example of docs/ingest.md
		assertThat(IngestKeys.partitionOf("user-42", 4)).isEqualTo(2097592435L % 4);
		assertThat(this.keys.partitionOfUser("user-42")).isEqualTo("{activity_rank:activity:3}");
		assertThat(IngestKeys.partitionOf("用户", 7)).isBetween(0, 6);
	}

	@Test
	void eachPartitionIsAHashTagOfItsOwnWithItsLease() {
		assertThat(this.keys.partition(0)).isEqualTo("{activity_rank:activity:0}");
		assertThat(this.keys.lease(1)).isEqualTo("{activity_rank:activity:1}:lease");
		assertThat(SlotHash.getSlot(this.keys.lease(1))).isEqualTo(SlotHash.getSlot(this.keys.partition(1)));
		assertThat(this.keys.partitionTemplate()).isEqualTo("{activity_rank:activity:<n>}");
	}

	@Test
	void theMembersAndDeadLettersKeepThePrefixsHashTag() {
		assertThat(this.keys.members()).isEqualTo("{activity_rank}:activity:members");
		assertThat(this.keys.deadLetter()).isEqualTo("{activity_rank}:activity:dead");
	}

	/**
	 * CRC16 is linear, so the slots of partitions 0 to 3 differ from each other in bits
	 * 12 and 13 whatever the prefix: one in each quarter of the slots, so on every master
	 * of an evenly split 2-, 3- or 4-master cluster, as docs/ingest.md says.
	 */
	@Test
	void theDefaultFourPartitionsFallInTheFourQuartersOfTheSlotsForAnyPrefix() {
		for (String prefix : List.of("activity_rank", "sample_forum", "a", "x-1.y_2", "h27b")) {
			for (String stream : List.of("activity", "s", "awards_2")) {
				IngestKeys keys = new IngestKeys("{" + prefix + "}", stream, 4);
				Set<Integer> quarters = new HashSet<>();
				for (int p = 0; p < 4; p++) {
					quarters.add(SlotHash.getSlot(keys.partition(p)) / 4096);
				}
				assertThat(quarters).as(prefix + " " + stream).containsExactlyInAnyOrder(0, 1, 2, 3);
			}
		}
	}

	@Test
	void thePartitionsTagsNeverEqualAShardsTag() {
		// a shard's tag is {prefix:<k>} or {prefix:<k>.<j>}; a stream name may be digits
		IngestKeys digits = new IngestKeys("{p}", "0", 2);
		assertThat(digits.partition(1)).isEqualTo("{p:0:1}").isNotEqualTo("{p:0}");
	}

	@Test
	void aStreamNameAddsExactlyOneKeySegment() {
		assertThat(IngestKeys.isValidStreamName("activity_2-b")).isTrue();
		assertThat(IngestKeys.isValidStreamName("a:b")).isFalse();
		assertThat(IngestKeys.isValidStreamName("{a}")).isFalse();
		assertThat(IngestKeys.isValidStreamName("")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestKeys("{p}", "a*", 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestKeys("{p}", "a", 0));
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestKeys("p", "a", 1));
	}

}
