package io.github.activityrank.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.io.InputStreamSource;
import org.springframework.javapoet.ClassName;
import org.springframework.util.ClassUtils;
import org.springframework.util.StreamUtils;

/**
 * An application context processed ahead of time as the build does it: its bean
 * definitions generated as Java source, compiled, and defined in the packages they belong
 * to (generated code reaches package-private configuration classes). The generated
 * initializer then fills fresh contexts as an application started with
 * {@code -Dspring.aot.enabled=true} is filled. Classes can be defined only once per JVM:
 * process once, start as often as needed.
 */
final class ProcessedAheadOfTime {

	private final ApplicationContextInitializer<GenericApplicationContext> initializer;

	private final RuntimeHints hints;

	private ProcessedAheadOfTime(ApplicationContextInitializer<GenericApplicationContext> initializer,
			RuntimeHints hints) {
		this.initializer = initializer;
		this.hints = hints;
	}

	/**
	 * Process a context that was configured but not refreshed.
	 * @param context the context at build time
	 * @param target a class of the application, names the generated classes
	 * @return the processed application
	 */
	static ProcessedAheadOfTime process(GenericApplicationContext context, Class<?> target) throws Exception {
		return process(context, target, "");
	}

	/**
	 * Process one more context of the same application: its generated classes carry the
	 * name, so they do not clash with those already defined.
	 * @param context the context at build time
	 * @param target a class of the application
	 * @param name a name that sets the generated classes apart, or empty
	 * @return the processed application
	 */
	@SuppressWarnings("unchecked")
	static ProcessedAheadOfTime process(GenericApplicationContext context, Class<?> target, String name)
			throws Exception {
		InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
		DefaultGenerationContext generation = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(target)), files);
		if (!name.isEmpty()) {
			generation = generation.withName(name);
		}
		ClassName initializer = new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
		generation.writeGeneratedContent();
		Path classes = compile(files.getGeneratedFiles(Kind.SOURCE));
		define(classes);
		Class<?> type = ClassUtils.forName(initializer.reflectionName(), ProcessedAheadOfTime.class.getClassLoader());
		return new ProcessedAheadOfTime(
				(ApplicationContextInitializer<GenericApplicationContext>) type.getDeclaredConstructor().newInstance(),
				generation.getRuntimeHints());
	}

	/** The generated initializer, which registers the processed bean definitions. */
	ApplicationContextInitializer<GenericApplicationContext> initializer() {
		return this.initializer;
	}

	/** The hints the processing collected, as written to the native image's metadata. */
	RuntimeHints hints() {
		return this.hints;
	}

	private static Path compile(Map<String, InputStreamSource> sources) throws IOException {
		List<JavaFileObject> units = new ArrayList<>();
		for (Map.Entry<String, InputStreamSource> source : sources.entrySet()) {
			String text;
			try (InputStream in = source.getValue().getInputStream()) {
				text = StreamUtils.copyToString(in, StandardCharsets.UTF_8);
			}
			units.add(new SimpleJavaFileObject(URI.create("string:///" + source.getKey()), JavaFileObject.Kind.SOURCE) {
				@Override
				public CharSequence getCharContent(boolean ignoreEncodingErrors) {
					return text;
				}
			});
		}
		Path out = Files.createTempDirectory("activity-rank-aot");
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
		boolean compiled = compiler
			.getTask(null, null, diagnostics, List.of("-d", out.toString(), "-classpath",
					System.getProperty("java.class.path"), "-proc:none", "-parameters"), null, units)
			.call();
		if (!compiled) {
			throw new IllegalStateException("Generated sources do not compile: " + diagnostics.getDiagnostics());
		}
		return out;
	}

	/**
	 * Define every compiled class in its package, through a class of that package the
	 * generated one is named after ({@code Foo__BeanDefinitions} next to {@code Foo}).
	 */
	private static void define(Path classes) throws Exception {
		List<Path> files;
		try (Stream<Path> walk = Files.walk(classes)) {
			files = walk.filter((file) -> file.toString().endsWith(".class")).toList();
		}
		for (Path file : files) {
			String name = classes.relativize(file).toString().replace('\\', '/').replace('/', '.');
			name = name.substring(0, name.length() - ".class".length());
			MethodHandles.privateLookupIn(anchor(name), MethodHandles.lookup()).defineClass(Files.readAllBytes(file));
		}
	}

	private static Class<?> anchor(String generated) throws ClassNotFoundException {
		String packageName = generated.substring(0, generated.lastIndexOf('.') + 1);
		String simple = generated.substring(packageName.length()).split("__")[0];
		ClassLoader loader = ProcessedAheadOfTime.class.getClassLoader();
		if (ClassUtils.isPresent(packageName + simple, loader)) {
			return ClassUtils.forName(packageName + simple, loader);
		}
		// nested classes are named Outer_Inner__BeanDefinitions
		return ClassUtils.forName(packageName + simple.replace('_', '$'), loader);
	}

}
