package io.github.activityrank.autoconfigure;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metadata that spring-boot-configuration-processor writes for IDE completion: every
 * property is there and described.
 */
class ConfigurationMetadataTests {

	private final List<Map<String, Object>> properties = properties();

	@Test
	void describesEveryProperty() {
		assertThat(this.properties).isNotEmpty()
			.allSatisfy(
					(property) -> assertThat(property.get("description")).as("description of %s", property.get("name"))
						.asString()
						.isNotBlank());
	}

	@Test
	void coversEveryGroupOfActivityRankProperties() {
		assertThat(this.properties).extracting((property) -> (String) property.get("name"))
			.contains("activity-rank.enabled", "activity-rank.key-prefix", "activity-rank.shards",
					"activity-rank.time-zone", "activity-rank.periods", "activity-rank.daily-cap",
					"activity-rank.rules", "activity-rank.retention.day", "activity-rank.async.threads",
					"activity-rank.retry.capacity", "activity-rank.aspect.order", "activity-rank.page-views.rule",
					"activity-rank.tie-break", "activity-rank.ranking", "activity-rank.tie-break-epoch",
					"activity-rank.retention.challenge", "activity-rank.events.enabled", "activity-rank.events.top",
					"activity-rank.events.check-interval", "activity-rank.ledger.enabled",
					"activity-rank.ledger.initialize-schema", "activity-rank.ledger.retention",
					"activity-rank.ledger.archive-size", "activity-rank.ledger.relay-threads");
	}

	@Test
	void listsTheKeysOfEveryItemType() {
		assertThat(this.properties).extracting((property) -> (String) property.get("name"))
			.contains("activity-rank.items", "activity-rank.items.*.points", "activity-rank.items.*.periods",
					"activity-rank.items.*.hot.half-life", "activity-rank.items.*.keep",
					"activity-rank.items.*.unique-users");
	}

	@Test
	void listsTheKeysOfEveryScopeKind() {
		assertThat(this.properties).extracting((property) -> (String) property.get("name"))
			.contains("activity-rank.scopes", "activity-rank.scopes.*.periods", "activity-rank.scopes.*.rules",
					"activity-rank.scopes.*.keep");
	}

	@Test
	void listsTheKeysOfEveryRuleAndBadge() {
		assertThat(this.properties).extracting((property) -> (String) property.get("name"))
			.contains("activity-rank.rules.*.points", "activity-rank.rules.*.once-per",
					"activity-rank.rules.*.daily-cap", "activity-rank.rules.*.weekly-cap",
					"activity-rank.rules.*.monthly-cap", "activity-rank.badges.*.rule", "activity-rank.badges.*.count",
					"activity-rank.badges.*.points", "activity-rank.badges.*.streak", "activity-rank.badges.*.top",
					"activity-rank.badges.*.period", "activity-rank.badges.*.challenges");
	}

	@Test
	void givesTheLedgerTablePrefixItsDefault() {
		assertThat(this.properties)
			.filteredOn((property) -> "activity-rank.ledger.table-prefix".equals(property.get("name")))
			.singleElement()
			.satisfies((property) -> assertThat(property.get("defaultValue")).isEqualTo("activity_rank_"));
	}

	@Test
	void describesSwitchesWithWhetherAndNothingWithThe() {
		assertThat(this.properties)
			.filteredOn((property) -> ((String) property.get("name")).startsWith("activity-rank."))
			.allSatisfy((property) -> {
				String description = (String) property.get("description");
				assertThat(description).as("description of %s", property.get("name")).doesNotStartWith("The ");
				if ("java.lang.Boolean".equals(property.get("type"))) {
					assertThat(description).as("description of %s", property.get("name")).startsWith("Whether ");
				}
			});
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> properties() {
		try {
			// this module's file, not one of the other jars' on the class path
			Path classes = Path
				.of(ActivityRankProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI());
			String json = Files.readString(classes.resolve("META-INF/spring-configuration-metadata.json"),
					StandardCharsets.UTF_8);
			return (List<Map<String, Object>>) JsonParserFactory.getJsonParser().parseMap(json).get("properties");
		}
		catch (IOException | URISyntaxException ex) {
			throw new IllegalStateException("No configuration metadata: is the processor configured?", ex);
		}
	}

}
