package io.github.activityrank.benchmarks;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

/**
 * The engine's key layout, needed to bulk-load big boards and to measure memory: boards
 * {@code {prefix}:day:20261121} and {@code {prefix}:month:2026-11}, one idempotency hash
 * per user per day {@code {prefix}:rec:20261121:<userId>}. The harness checks it against
 * the engine (a loaded member must be found by {@code rankOf}) before it measures
 * anything.
 */
final class EngineKeys {

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyy-MM");

	private EngineKeys() {
	}

	static String dayBoard(String prefix, LocalDate day) {
		return "{" + prefix + "}:day:" + DAY.format(day);
	}

	static String monthBoard(String prefix, LocalDate day) {
		return "{" + prefix + "}:month:" + MONTH.format(day);
	}

	static String record(String prefix, LocalDate day, String userId) {
		return "{" + prefix + "}:rec:" + DAY.format(day) + ":" + userId;
	}

	static String recordPattern(String prefix, LocalDate day) {
		return "{" + prefix + "}:rec:" + DAY.format(day) + ":*";
	}

}
