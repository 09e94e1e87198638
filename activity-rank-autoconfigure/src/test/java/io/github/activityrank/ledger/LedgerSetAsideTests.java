package io.github.activityrank.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityRankAdmin;
import io.github.activityrank.ActivityRankService;
import io.github.activityrank.actuator.ActivityRankEndpoint;
import io.github.activityrank.actuator.LedgerDescriptor;
import io.github.activityrank.actuator.LedgerMeterBinder;
import io.github.activityrank.autoconfigure.ActivityRankEndpointAutoConfiguration;
import io.github.activityrank.autoconfigure.ActivityRankMetricsAutoConfiguration;
import io.github.activityrank.test.DatabaseEngine;
import io.github.activityrank.test.MutableClock;
import io.github.activityrank.test.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static io.github.activityrank.ledger.LedgerFixture.count;
import static io.github.activityrank.ledger.LedgerFixture.total;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pending entry that fails for good (its user's record key holds a string, so the score
 * script fails with {@code WRONGTYPE}) is set aside in the pass that applies the rest of
 * its batch, since the store answers it {@code SET_ASIDE}: marked in the table, logged at
 * WARN, counted (the actuator endpoint's {@code ledger} section and the meter
 * {@code activity.rank.ledger.set.aside}), and the rest of its lane is applied. On
 * PostgreSQL, MariaDB and H2.
 */
@ExtendWith(OutputCaptureExtension.class)
class LedgerSetAsideTests extends LedgerTestBase {

	private static final LocalDate DAY = LocalDate.of(2026, 3, 10);

	@ParameterizedTest
	@MethodSource("engines")
	void anEntryThatAlwaysFailsIsSetAsideAndItsLaneGoesOn(DatabaseEngine engine, CapturedOutput output) {
		MutableClock clock = new MutableClock(LocalDateTime.of(DAY, LocalTime.NOON), ZoneOffset.UTC);
		try (TestDatabase database = LedgerFixture.database(engine)) {
			LedgerFixture.runner(database.dataSource(), this.prefix, clock)
				.withConfiguration(AutoConfigurations.of(ActivityRankEndpointAutoConfiguration.class,
						ActivityRankMetricsAutoConfiguration.class))
				.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
				.withPropertyValues("activity-rank.time-zone=UTC", "activity-rank.ledger.set-aside-after=3",
						"management.endpoints.web.exposure.include=activityrank")
				.run((context) -> {
					try (RedisConnection connection = context.getBean(RedisConnectionFactory.class).getConnection()) {
						connection.stringCommands()
							.set(("{" + this.prefix + "}:rec:" + DAY.toString().replace("-", "") + ":poison")
								.getBytes(StandardCharsets.UTF_8), "x".getBytes(StandardCharsets.UTF_8));
					}
					// the poisoned entry first, then others of its lane and of other
					// lanes
					int lane = AwardLedger.laneOf("poison");
					List<String> sameLane = new ArrayList<>();
					for (int i = 0; sameLane.size() < 5; i++) {
						if (AwardLedger.laneOf("u" + i) == lane) {
							sameLane.add("u" + i);
						}
					}
					List<ActivityEvent> events = new ArrayList<>();
					events.add(ActivityEvent.award("poison", "p", "post"));
					for (String user : sameLane) {
						events.add(ActivityEvent.award(user, "p", "post"));
					}
					for (int i = 0; i < 100; i++) {
						events.add(ActivityEvent.award("other" + i, "p", "post"));
					}
					context.getBean(AwardLedger.class).appendPending(events, clock.instant());
					LedgerRelay relay = context.getBean(LedgerRelay.class);

					assertThat(relay.awaitIdle(Duration.ofSeconds(30))).as("nothing left pending").isTrue();
					ActivityRankService service = context.getBean(ActivityRankService.class);
					long wrong = 0;
					for (String user : sameLane) {
						wrong += (total(service, user) == 1) ? 0 : 1;
					}
					for (int i = 0; i < 100; i++) {
						wrong += (total(service, "other" + i) == 1) ? 0 : 1;
					}
					System.out.println("[reliability] ledger-set-aside on " + engine + ": entries=" + events.size()
							+ " setAside=" + relay.setAsideCount() + " usersWithWrongScore=" + wrong);
					assertThat(wrong).isZero();
					assertThat(relay.setAsideCount()).isOne();
					LedgerDescriptor shown = context.getBean(ActivityRankEndpoint.class).activityRank().ledger();
					assertThat(shown.setAside()).as("the endpoint's ledger.setAside").isOne();
					assertThat(shown.setAsideAfter()).isEqualTo(3);
					MeterRegistry registry = context.getBean(MeterRegistry.class);
					context.getBean(LedgerMeterBinder.class).bindTo(registry);
					assertThat(registry.get("activity.rank.ledger.set.aside").functionCounter().count()).isOne();
					assertThat(count(database.dataSource(),
							"user_id = 'poison' AND state = " + AwardLedger.SET_ASIDE + " AND outcome = 'SET_ASIDE'"))
						.isOne();
					assertThat(count(database.dataSource(), "state = " + AwardLedger.APPLIED))
						.isEqualTo(events.size() - 1);
					assertThat(output.getOut()).contains("WARN")
						.contains("set aside entry")
						.contains("reapplySetAside()")
						.contains("WRONGTYPE");
					assertThat(context.getBean(ActivityRankAdmin.class).setAside(10)).singleElement()
						.satisfies((award) -> assertThat(award.reason()).contains("WRONGTYPE"));
				});
		}
	}

}
