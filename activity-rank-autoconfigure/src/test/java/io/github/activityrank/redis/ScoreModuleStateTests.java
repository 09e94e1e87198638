package io.github.activityrank.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The score script's modules are joined into one chunk, so a module could assign a
 * file-level variable another one declares, and then the order of joining would decide
 * what a third reads. The rule: a module changes only its own file-level variables (a
 * module that needs another's state changed calls that module's function, as
 * {@code journal_to} or {@code clock} in common.lua), or defines a name anew with
 * {@code local}, as badges and streaks do to wrap {@code award}. The check reads the
 * modules as text: an assignment statement to a name that another module declares at file
 * level and this one declares nowhere (no local, parameter or loop variable of that name)
 * breaks it.
 */
class ScoreModuleStateTests {

	private static final Path MODULES = Path.of("src/main/resources/io/github/activityrank/redis/lua");

	private static final Pattern LOCAL = Pattern.compile("\\blocal\\s+(?!function)([A-Za-z_][\\w\\s,]*?)\\s*(?:=|$)");

	private static final Pattern LOCAL_FUNCTION = Pattern.compile("\\blocal\\s+function\\s+(\\w+)");

	private static final Pattern PARAMETERS = Pattern.compile("\\bfunction\\b[\\w.:\\s]*\\(([^)]*)\\)");

	private static final Pattern LOOP = Pattern.compile("\\bfor\\s+([\\w\\s,]+?)\\s*(?:=|\\bin\\b)");

	private static final Pattern INLINE = Pattern.compile("([ \\t]*)-- inline ([\\w-]+\\.lua)\\s*");

	private static final Pattern ASSIGNMENT = Pattern
		.compile("^\\s*([A-Za-z_]\\w*(?:\\s*,\\s*[A-Za-z_]\\w*)*)\\s*=(?!=)");

	@Test
	void noModuleAssignsAnotherModulesFileLevelVariable() {
		Map<String, List<String>> modules = modules();
		assertThat(modules).containsKeys("common.lua", "score-lean.lua", "score-main.lua")
			.doesNotContainKey("award-steps.lua");
		assertThat(modules.get("award.lua")).anyMatch((line) -> line.contains("redis.call('HSETNX'"));
		Map<String, Set<String>> fileLevel = new LinkedHashMap<>();
		Map<String, Set<String>> declared = new LinkedHashMap<>();
		modules.forEach((module, lines) -> {
			fileLevel.put(module, new HashSet<>());
			declared.put(module, new HashSet<>());
			for (String line : lines) {
				String code = code(line);
				if (!line.startsWith(" ")) {
					names(LOCAL, code, fileLevel.get(module), true);
					names(LOCAL_FUNCTION, code, fileLevel.get(module), true);
				}
				names(LOCAL, code, declared.get(module), false);
				names(LOCAL_FUNCTION, code, declared.get(module), false);
				names(PARAMETERS, code, declared.get(module), false);
				names(LOOP, code, declared.get(module), false);
			}
		});
		List<String> found = new ArrayList<>();
		for (Map.Entry<String, List<String>> entry : modules.entrySet()) {
			String module = entry.getKey();
			List<String> lines = entry.getValue();
			for (int n = 0; n < lines.size(); n++) {
				String code = code(lines.get(n));
				Matcher assignment = ASSIGNMENT.matcher(code);
				if (code.trim().startsWith("local") || !assignment.find()) {
					continue;
				}
				for (String name : assignment.group(1).split(",")) {
					String variable = name.trim();
					for (Map.Entry<String, Set<String>> owner : fileLevel.entrySet()) {
						if (!owner.getKey().equals(module) && owner.getValue().contains(variable)
								&& !declared.get(module).contains(variable)) {
							found.add(module + ":" + (n + 1) + " assigns " + variable + " of " + owner.getKey());
						}
					}
				}
			}
		}
		assertThat(found).as("assignments to another module's file-level variables").isEmpty();
	}

	@Test
	void theCheckFindsSuchAnAssignment() {
		Set<String> names = new HashSet<>();
		names(LOCAL, code("local written, journal = 0, false -- the journal"), names, true);
		assertThat(names).containsExactlyInAnyOrder("written", "journal");
		Matcher assignment = ASSIGNMENT.matcher(code("      written = written - 4"));
		assertThat(assignment.find()).isTrue();
		assertThat(assignment.group(1)).isEqualTo("written");
		assertThat(ASSIGNMENT.matcher("if a == b then").find()).isFalse();
	}

	private static void names(Pattern pattern, String code, Set<String> into, boolean atStart) {
		Matcher matcher = pattern.matcher(code);
		while (matcher.find() && (!atStart || matcher.start() == 0)) {
			Arrays.stream(matcher.group(1).split(","))
				.map(String::trim)
				.filter((name) -> !name.isEmpty())
				.forEach(into::add);
		}
	}

	/** A line without its comment (no module puts "--" inside a string). */
	private static String code(String line) {
		int comment = line.indexOf("--");
		return (comment >= 0) ? line.substring(0, comment) : line;
	}

	/**
	 * The modules as they are composed: a fragment's code in place of each line that
	 * inlines it, so what it sets is checked against the module it goes into; the
	 * fragments themselves are no modules.
	 */
	private static Map<String, List<String>> modules() {
		Map<String, List<String>> modules = new LinkedHashMap<>();
		try (Stream<Path> files = Files.list(MODULES)) {
			for (Path file : files.filter((f) -> f.toString().endsWith(".lua")).sorted().toList()) {
				List<String> lines = Files.readAllLines(file);
				if (!lines.get(0).startsWith("-- fragment")) {
					modules.put(file.getFileName().toString(), inlined(lines));
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return modules;
	}

	private static List<String> inlined(List<String> lines) throws IOException {
		List<String> composed = new ArrayList<>();
		for (String line : lines) {
			Matcher inline = INLINE.matcher(line);
			if (!inline.matches()) {
				composed.add(line);
				continue;
			}
			for (String code : Files.readAllLines(MODULES.resolve(inline.group(2)))) {
				if (!code.startsWith("--")) {
					composed.add(inline.group(1) + code);
				}
			}
		}
		return composed;
	}

}
