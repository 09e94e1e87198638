package io.github.activityrank.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BenchOptionsTest {

	@Test
	void runsFiveRoundsByDefaultAndTwoInQuickMode() {
		assertThat(BenchOptions.parse().rounds).isEqualTo(5);
		assertThat(BenchOptions.parse("--quick").rounds).isEqualTo(2);
	}

	@Test
	void roundsGivenOnTheCommandLineWinAndShowInTheReportedCommand() {
		BenchOptions options = BenchOptions.parse("--quick", "--rounds", "7", "--only", "aspect");

		assertThat(options.rounds).isEqualTo(7);
		assertThat(options.command()).isEqualTo("benchmarks/run.sh --quick --rounds 7 --only aspect");
	}

	@Test
	void refusesFewerThanOneRoundNamingTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse("--rounds", "0"))
			.withMessage("--rounds takes a whole number of at least 1, got '0'");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse("--rounds", "five"))
			.withMessage("--rounds takes a whole number of at least 1, got 'five'");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse("--ledger-rounds", "0"))
			.withMessage("--ledger-rounds takes a whole number of at least 1, got '0'");
	}

	@Test
	void theIngestionSectionsAwardsPerRoundCanBeGiven() {
		assertThat(BenchOptions.parse("--only", "ingest").ingestAwards).isEqualTo(60_000);
		assertThat(BenchOptions.parse("--quick").ingestAwards).isEqualTo(5_000);
		BenchOptions options = BenchOptions.parse("--ingest-awards", "240000", "--only", "ingest");
		assertThat(options.ingestAwards).isEqualTo(240_000);
		assertThat(options.command()).isEqualTo("benchmarks/run.sh --ingest-awards 240000 --only ingest");
		assertThatIllegalArgumentException().isThrownBy(() -> BenchOptions.parse("--ingest-awards", "-1"))
			.withMessage("--ingest-awards takes a whole number of at least 1, got '-1'");
	}

	@Test
	void aNamedServerIsUsedAsItIsAndPrivateRedisOrSharedRedisSayOtherwise() {
		assertThat(BenchOptions.parse("--redis", "redis://127.0.0.1:6390").privateRedis).isFalse();
		assertThat(BenchOptions.parse("--redis", "redis://127.0.0.1:6390", "--private-redis").privateRedis).isTrue();
		assertThat(BenchOptions.parse("--private-redis", "--shared-redis").privateRedis).isFalse();
	}

}
