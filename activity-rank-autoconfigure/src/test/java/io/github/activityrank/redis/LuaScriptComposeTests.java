package io.github.activityrank.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.activityrank.Period;
import io.github.activityrank.engine.BadgeSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Composing puts a fragment's code in place of each line that inlines it: the award steps
 * both loops of the score script run are one text ({@code lua/award-steps.lua}).
 */
class LuaScriptComposeTests {

	@Test
	void eachLoopRunsTheAwardStepsFragmentAtItsIndent() {
		BadgeScript noBadges = new BadgeScript(BadgeSettings.OFF, new RankKeys("compose"), List.of(Period.DAY));
		String script = text(ScoreModules
			.compose(ScoreModules.upToFence("lua/boards-plain.lua", false, noBadges, false), false, false));
		assertThat(script).doesNotContain("-- inline ").doesNotContain("-- fragment award-steps");
		// in the full script's award (its line two spaces in) and the lean loop (twelve)
		assertThat(script).contains("\n    if redis.call('HSETNX', record, field, value) == 0 then\n")
			.contains("\n              if redis.call('HSETNX', record, field, value) == 0 then\n");
	}

	@Test
	void aScriptWithoutTheLineIsItsModulesJoined() {
		assertThat(text(LuaScript.compose("lua/common.lua", "lua/records.lua"))).startsWith("-- module common:")
			.contains("\n-- module records:");
	}

	private static String text(LuaScript script) {
		return new String(script.body(), StandardCharsets.UTF_8);
	}

}
