package io.github.activityrank.autoconfigure;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.activityrank.ActivityScore;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.annotation.ReflectiveRuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a native image gets of the starter: every resource and type it reads by name or by
 * reflection has a hint. The resources and classes are listed from the starter's own
 * output, so a new script, schema, properties class or record without a hint fails here.
 */
class ActivityRankRuntimeHintsTests {

	private static final String ROOT = "io/github/activityrank/";

	private final RuntimeHints hints = registeredHints();

	@Test
	void everyResourceOfTheStarterHasAResourceHint() throws Exception {
		List<String> resources = ownFiles((path) -> !path.endsWith(".class"));
		assertThat(resources).contains(ROOT + "redis/lua/award.lua", ROOT + "ingest/read.lua",
				ROOT + "ledger/schema-postgresql.sql");
		assertThat(resources.stream().filter((path) -> path.endsWith(".lua"))).hasSizeGreaterThanOrEqualTo(36);
		for (String resource : resources) {
			assertThat(RuntimeHintsPredicates.resource().forResource(resource)).as(resource).accepts(this.hints);
		}
	}

	@Test
	void everyPropertiesClassIsRegisteredForBinding() throws Exception {
		List<Class<?>> types = ownClasses(ROOT + "autoconfigure/",
				(type) -> type.getSimpleName().endsWith("Properties"));
		assertThat(types).contains(ActivityRankProperties.class, LedgerProperties.class, RuleProperties.class);
		for (Class<?> type : types) {
			assertThat(RuntimeHintsPredicates.reflection().onType(type)).as(type.getName()).accepts(this.hints);
		}
		Method setter = ActivityRankProperties.class.getMethod("setKeyPrefix", String.class);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(setter)).accepts(this.hints);
	}

	@Test
	void everyPublicRecordOfTheApiAndTheEndpointIsRegisteredForJson() throws Exception {
		List<Class<?>> records = new ArrayList<>();
		records.addAll(ownClasses(ROOT, ActivityRankRuntimeHintsTests::publicRecord));
		records.addAll(ownClasses(ROOT + "actuator/", ActivityRankRuntimeHintsTests::publicRecord));
		assertThat(records).hasSizeGreaterThanOrEqualTo(14);
		for (Class<?> record : records) {
			assertThat(RuntimeHintsPredicates.reflection().onType(record)).as(record.getName()).accepts(this.hints);
			for (RecordComponent component : record.getRecordComponents()) {
				assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(component.getAccessor()))
					.as(record.getName() + "." + component.getName())
					.accepts(this.hints);
			}
		}
	}

	@Test
	void theRootObjectOfExpressionsIsReadableByReflection() throws Exception {
		Class<?> root = ClassUtils.forName(ActivityRankRuntimeHints.EXPRESSION_ROOT, null);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(root.getMethod("getArgs")))
			.accepts(this.hints);
	}

	@Test
	void classesProbedByNameAreRegistered() {
		for (String name : ActivityRankRuntimeHints.PROBED_CLASSES) {
			assertThat(ClassUtils.isPresent(name, null)).as(name).isTrue();
			assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of(name))).as(name).accepts(this.hints);
		}
	}

	@Test
	void annotatedMethodsOfABeanAreRegisteredForTheAspect() throws Exception {
		RuntimeHints beanHints = new RuntimeHints();
		new ReflectiveRuntimeHintsRegistrar().registerRuntimeHints(beanHints, Forum.class);
		assertThat(
				RuntimeHintsPredicates.reflection().onMethodInvocation(Forum.class.getMethod("praise", String.class)))
			.accepts(beanHints);
		assertThat(
				RuntimeHintsPredicates.reflection().onMethodInvocation(Forum.class.getMethod("publish", String.class)))
			.accepts(beanHints);
	}

	private static RuntimeHints registeredHints() {
		// as ahead-of-time processing finds it: listed in META-INF/spring/aot.factories
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)
			.stream()
			.filter(ActivityRankRuntimeHints.class::isInstance)
			.toList();
		assertThat(registrars).hasSize(1);
		RuntimeHints hints = new RuntimeHints();
		registrars.get(0).registerHints(hints, ActivityRankRuntimeHintsTests.class.getClassLoader());
		return hints;
	}

	private static boolean publicRecord(Class<?> type) {
		return type.isRecord() && Modifier.isPublic(type.getModifiers());
	}

	/** Files of the starter's main output under {@code io/github/activityrank}. */
	private static List<String> ownFiles(java.util.function.Predicate<String> filter)
			throws IOException, URISyntaxException {
		Path classes = Path
			.of(ActivityRankRuntimeHints.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		try (Stream<Path> files = Files.walk(classes.resolve(ROOT))) {
			return files.filter(Files::isRegularFile)
				.map((file) -> classes.relativize(file).toString().replace('\\', '/'))
				.filter(filter)
				.sorted()
				.toList();
		}
	}

	private static List<Class<?>> ownClasses(String directory, java.util.function.Predicate<Class<?>> filter)
			throws Exception {
		List<Class<?>> types = new ArrayList<>();
		for (String path : ownFiles((file) -> file.endsWith(".class") && file.startsWith(directory)
				&& file.indexOf('/', directory.length()) < 0)) {
			String name = path.substring(0, path.length() - ".class".length()).replace('/', '.');
			Class<?> type = ClassUtils.forName(name, null);
			if (filter.test(type)) {
				types.add(type);
			}
		}
		return types;
	}

	static class Forum {

		@ActivityScore(rule = "praise")
		public void praise(String articleId) {
		}

		@ActivityScore(rule = "publish")
		@ActivityScore(rule = "first-post")
		public void publish(String articleId) {
		}

	}

}
