package io.github.activityrank.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.AwardResult;
import io.github.activityrank.dispatch.ActivityDispatcher;
import io.github.activityrank.engine.SourceMessage;
import io.github.activityrank.engine.TimedActivityApplier;
import io.github.activityrank.ingest.LedgerIngestSink;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stream ingestion with the ledger on: the insert of a batch is fenced per partition, so
 * a consumer paused past its lease writes nothing its successor wrote, and a message
 * delivered twice is written once. On PostgreSQL, MariaDB and H2.
 */
class LedgerIngestFenceTests extends LedgerTestBase {

	@ParameterizedTest
	@MethodSource("engines")
	void aStaleConsumersAwardWrittenAfterItsSuccessorsRevokeIsNotWrittenAgain(DatabaseEngine engine) {
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix).run((context) -> {
				TimedActivityApplier applier = context.getBeanProvider(ActivityRankService.class)
					.orderedStream()
					.filter(TimedActivityApplier.class::isInstance)
					.map(TimedActivityApplier.class::cast)
					.findFirst()
					.orElseThrow();
				LedgerIngestSink sink = new LedgerIngestSink(context.getBean(AwardLedger.class),
						context.getBean(LedgerRelay.class), applier);
				String stream = "{" + this.prefix + ":activity:0}";
				Instant now = Instant.now();
				SourceMessage award = new SourceMessage(stream, "1000-0");
				// the successor writes the award it claimed, then a later revoke of it
				sink.apply(List.of(new ActivityEvent("u1", "f", null, 5L, false)), List.of(now), List.of(award));
				sink.apply(List.of(new ActivityEvent("u1", "f", null, null, true)), List.of(now),
						List.of(new SourceMessage(stream, "1000-1")));
				// the stale consumer wakes up and writes the award it held
				List<AwardResult> stale = sink.apply(List.of(new ActivityEvent("u1", "f", null, 5L, false)),
						List.of(now), List.of(award));
				assertThat(stale).singleElement()
					.satisfies((result) -> assertThat(result.outcome()).isEqualTo(AwardResult.Outcome.ALREADY_AWARDED));
				assertThat(context.getBean(ActivityDispatcher.class).awaitIdle(Duration.ofSeconds(20))).isTrue();
				assertThat(count(database.dataSource(), "user_id = 'u1'")).isEqualTo(2);
				assertThat(total(context.getBean(ActivityRankService.class), "u1")).isZero();
			});
		}
	}

}
