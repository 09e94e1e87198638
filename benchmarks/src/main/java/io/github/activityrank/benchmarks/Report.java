package io.github.activityrank.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The figures of one run: sections of tables, each with its targets, printed as text and
 * written as Markdown. A target's detail states the median over the rounds and its spread
 * ({@link Interleaved.Spread}).
 */
final class Report {

	/** Whether a target was reached. */
	enum Verdict {

		MET, NOT_MET, NOT_MEASURED

	}

	/** A stated target and what this run found. */
	record Target(String what, Verdict verdict, String detail) {
	}

	/** One benchmark's results. */
	static final class Section {

		final String title;

		final List<String> header;

		final List<List<String>> rows = new ArrayList<>();

		final List<String> notes = new ArrayList<>();

		final List<Target> targets = new ArrayList<>();

		Section(String title, String... header) {
			this.title = title;
			this.header = List.of(header);
		}

		Section row(Object... cells) {
			List<String> row = new ArrayList<>();
			for (Object cell : cells) {
				row.add(format(cell));
			}
			this.rows.add(row);
			return this;
		}

		Section note(String note) {
			this.notes.add(note);
			return this;
		}

		Section target(String what, boolean met, String detail) {
			this.targets.add(new Target(what, met ? Verdict.MET : Verdict.NOT_MET, detail));
			return this;
		}

		Section notMeasured(String what, String why) {
			this.targets.add(new Target(what, Verdict.NOT_MEASURED, why));
			return this;
		}

	}

	private final List<Section> sections = new ArrayList<>();

	private final List<String> preamble = new ArrayList<>();

	void preamble(String line) {
		this.preamble.add(line);
	}

	Section add(Section section) {
		this.sections.add(section);
		System.out.println();
		System.out.println(text(section));
		return section;
	}

	List<Section> sections() {
		return this.sections;
	}

	static String format(Object cell) {
		if (cell instanceof Double d) {
			double v = d;
			if (Double.isNaN(v)) {
				return "n/a";
			}
			if (Math.abs(v) >= 1000) {
				return String.format(Locale.ROOT, "%,.0f", v);
			}
			if (Math.abs(v) >= 100) {
				return String.format(Locale.ROOT, "%.0f", v);
			}
			if (Math.abs(v) >= 10) {
				return String.format(Locale.ROOT, "%.1f", v);
			}
			return String.format(Locale.ROOT, "%.2f", v);
		}
		if (cell instanceof Long || cell instanceof Integer) {
			return String.format(Locale.ROOT, "%,d", ((Number) cell).longValue());
		}
		return String.valueOf(cell);
	}

	static String ratio(double value) {
		return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2fx", value);
	}

	String text() {
		StringBuilder out = new StringBuilder();
		this.preamble.forEach(line -> out.append(line).append('\n'));
		for (Section section : this.sections) {
			out.append('\n').append(text(section));
		}
		out.append('\n').append(targetsText());
		return out.toString();
	}

	private static String text(Section section) {
		StringBuilder out = new StringBuilder("== ").append(section.title).append('\n');
		int[] widths = new int[section.header.size()];
		for (int i = 0; i < widths.length; i++) {
			widths[i] = section.header.get(i).length();
			for (List<String> row : section.rows) {
				if (i < row.size()) {
					widths[i] = Math.max(widths[i], row.get(i).length());
				}
			}
		}
		appendTextRow(out, section.header, widths);
		char[] rule = new char[Arrays.stream(widths).sum() + 2 * widths.length];
		Arrays.fill(rule, '-');
		out.append(rule).append('\n');
		for (List<String> row : section.rows) {
			appendTextRow(out, row, widths);
		}
		for (String note : section.notes) {
			out.append("  * ").append(note).append('\n');
		}
		for (Target target : section.targets) {
			out.append("  [")
				.append(target.verdict())
				.append("] ")
				.append(target.what())
				.append(": ")
				.append(target.detail())
				.append('\n');
		}
		return out.toString();
	}

	private static void appendTextRow(StringBuilder out, List<String> cells, int[] widths) {
		for (int i = 0; i < widths.length; i++) {
			String cell = (i < cells.size()) ? cells.get(i) : "";
			out.append(String.format(Locale.ROOT, (i == 0) ? "%-" + widths[i] + "s  " : "%" + widths[i] + "s  ", cell));
		}
		out.append('\n');
	}

	private String targetsText() {
		StringBuilder out = new StringBuilder("== Targets (judged on the median over the rounds; spread min-max)\n");
		for (Section section : this.sections) {
			for (Target target : section.targets) {
				out.append(String.format(Locale.ROOT, "%-13s %s: %s%n", "[" + target.verdict() + "]", target.what(),
						target.detail()));
			}
		}
		return out.toString();
	}

	String markdown(List<String> header) {
		StringBuilder out = new StringBuilder();
		header.forEach(line -> out.append(line).append('\n'));
		out.append("\n## Targets\n\n| target | verdict | median ratio (spread) |\n|---|---|---|\n");
		for (Section section : this.sections) {
			for (Target target : section.targets) {
				out.append("| ")
					.append(target.what())
					.append(" | ")
					.append(verdictMark(target.verdict()))
					.append(" | ")
					.append(target.detail())
					.append(" |\n");
			}
		}
		for (Section section : this.sections) {
			out.append("\n## ")
				.append(section.title)
				.append("\n\n| ")
				.append(String.join(" | ", section.header))
				.append(" |\n|");
			section.header.forEach(h -> out.append("---|"));
			out.append('\n');
			for (List<String> row : section.rows) {
				out.append("| ").append(String.join(" | ", row)).append(" |\n");
			}
			if (!section.notes.isEmpty()) {
				out.append('\n');
				section.notes.forEach(note -> out.append("- ").append(note).append('\n'));
			}
		}
		return out.toString();
	}

	/**
	 * The hand-written analysis shipped with the benchmarks, appended to the Markdown
	 * report.
	 */
	static String analysis() {
		try (var in = Report.class.getResourceAsStream("analysis.md")) {
			return (in != null) ? new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			return "";
		}
	}

	private static String verdictMark(Verdict verdict) {
		return switch (verdict) {
			case MET -> "met";
			case NOT_MET -> "**not met**";
			case NOT_MEASURED -> "not measured";
		};
	}

	void write(Path file, List<String> header) {
		try {
			Files.writeString(file, markdown(header) + analysis());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + file, ex);
		}
	}

}
