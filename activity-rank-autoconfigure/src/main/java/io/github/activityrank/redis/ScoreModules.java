package io.github.activityrank.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * Which Lua modules the score script is composed of, in order (see lua/score-args.lua):
 * only those the configuration needs.
 */
final class ScoreModules {

	/** The module every composed script starts with; then the board module. */
	static final String COMMON = "lua/common.lua";

	private ScoreModules() {
	}

	/**
	 * The modules of the score script up to the fence, in order.
	 * @param boards the board module
	 * @param streaks whether streaks are enabled
	 * @param badges the badges module's part
	 * @param items whether item types are configured
	 * @return the resource names
	 */
	static List<String> upToFence(String boards, boolean streaks, BadgeScript badges, boolean items) {
		return upToFence(boards, streaks, badges, false, items);
	}

	/**
	 * The modules of the score script up to the fence, in order.
	 * @param boards the board module
	 * @param streaks whether streaks are enabled
	 * @param badges the badges module's part
	 * @param scopes whether scope kinds are configured
	 * @param items whether item types are configured
	 * @return the resource names
	 */
	static List<String> upToFence(String boards, boolean streaks, BadgeScript badges, boolean scopes, boolean items) {
		// the lean loop comes first and returns before the other modules are defined;
		// awards there reach challenge boards through the challenges module before it.
		// The badges module wraps award and revoke, the streak module award (so its
		// bonus passes through badges), each only when enabled
		// badge-core, which both the lean loop and the badges module use, and scope-core
		// (the scope boards of the lean loop's awards) come before the lean loop
		List<String> modules = new ArrayList<>(List.of(COMMON, "lua/caps.lua", "lua/records.lua", "lua/challenges.lua",
				badges.enabled() ? "lua/badge-core.lua" : "lua/badge-core-none.lua",
				scopes ? "lua/scope-core.lua" : "lua/scope-core-none.lua", "lua/lean-boards.lua", "lua/score-lean.lua",
				boards, "lua/score-args.lua", "lua/award.lua"));
		if (scopes || items) {
			// the fields items and scopes keep beside an award's, which their revokes
			// take back
			modules.add("lua/award-fields.lua");
		}
		modules.add(badges.enabled() ? "lua/badges.lua" : "lua/badges-none.lua");
		if (streaks) {
			modules.add("lua/streaks.lua");
			if (badges.enabled() && badges.streakBadges()) {
				modules.add("lua/badge-streaks.lua");
			}
		}
		// the scopes module reads its tail of arguments first: it was written last
		modules.add(scopes ? "lua/scopes.lua" : "lua/scopes-none.lua");
		modules.add(items ? "lua/items.lua" : "lua/items-none.lua");
		return modules;
	}

	/**
	 * The board module of a layout: plain points and competition ranks need no member's
	 * score, a time part or a dense companion do.
	 * @param timed whether boards hold the earliest tie-break's time part
	 * @param dense whether boards keep a dense companion
	 * @return its resource name
	 */
	static String boardModule(boolean timed, boolean dense) {
		return (timed || dense) ? "lua/boards-layout.lua" : "lua/boards-plain.lua";
	}

	/**
	 * The score script from its modules up to the fence.
	 * @param upToFence the modules up to the fence ({@link #upToFence})
	 * @param boardsLast whether nothing after an award's board writes can fail
	 * @param fenced whether the script checks each stream message's fence
	 * @return the composed script
	 */
	static LuaScript compose(List<String> upToFence, boolean boardsLast, boolean fenced) {
		List<String> modules = new ArrayList<>(upToFence);
		if (boardsLast && !fenced) {
			// it defines what award reads: right before it
			modules.add(modules.indexOf("lua/award.lua"), "lua/boards-last.lua");
		}
		modules.add(fenced ? "lua/fence.lua" : "lua/fence-none.lua");
		modules.add("lua/score-main.lua");
		return LuaScript.compose(modules.toArray(String[]::new));
	}

}
