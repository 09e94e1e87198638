package io.github.activityrank.ingest;

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
		assertThat(this.keys.partitionOfUser("user-42")).isEqualTo("{activity_rank}:activity:3");
		assertThat(IngestKeys.partitionOf("用户", 7)).isBetween(0, 6);
	}

	@Test
	void theKeysLiveUnderThePrefixsHashTag() {
		assertThat(this.keys.partition(0)).isEqualTo("{activity_rank}:activity:0");
		assertThat(this.keys.lease(1)).isEqualTo("{activity_rank}:activity:1:lease");
		assertThat(this.keys.members()).isEqualTo("{activity_rank}:activity:members");
		assertThat(this.keys.deadLetter()).isEqualTo("{activity_rank}:activity:dead");
	}

	@Test
	void aStreamNameAddsExactlyOneKeySegment() {
		assertThat(IngestKeys.isValidStreamName("activity_2-b")).isTrue();
		assertThat(IngestKeys.isValidStreamName("a:b")).isFalse();
		assertThat(IngestKeys.isValidStreamName("{a}")).isFalse();
		assertThat(IngestKeys.isValidStreamName("")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestKeys("{p}", "a*", 1));
		assertThatIllegalArgumentException().isThrownBy(() -> new IngestKeys("{p}", "a", 0));
	}

}
