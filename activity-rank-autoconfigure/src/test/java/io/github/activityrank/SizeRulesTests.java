package io.github.activityrank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The size rule, enforced like the package rules: no main class over 400 lines, no class
 * of configuration properties over 300 and no Lua script over 250, so that a class that
 * grows is split into named parts before it becomes hard to read, a property group has a
 * class of its own, and a script stays one subject.
 */
class SizeRulesTests {

	private static final Path MAIN = Path.of("src/main");

	@Test
	void noMainClassIsOver400Lines() {
		assertThat(longerThan(MAIN.resolve("java"), ".java", 400)).as("main classes over 400 lines").isEmpty();
	}

	@Test
	void noPropertiesClassIsOver300Lines() {
		assertThat(longerThan(MAIN.resolve("java"), "Properties.java", 300)).as("properties classes over 300 lines")
			.isEmpty();
	}

	@Test
	void noLuaScriptIsOver250Lines() {
		assertThat(longerThan(MAIN.resolve("resources"), ".lua", 250)).as("Lua scripts over 250 lines").isEmpty();
	}

	private static List<String> longerThan(Path root, String suffix, int most) {
		assertThat(root).isDirectory();
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.toString().endsWith(suffix))
				.filter((file) -> lines(file) > most)
				.map((file) -> root.relativize(file) + " (" + lines(file) + " lines)")
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static long lines(Path file) {
		try (Stream<String> lines = Files.lines(file)) {
			return lines.count();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
