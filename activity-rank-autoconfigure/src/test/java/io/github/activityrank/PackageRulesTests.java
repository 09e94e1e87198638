package io.github.activityrank;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The package graph of docs/architecture.md, enforced: the public API depends on none of
 * the other packages, nothing at run time depends on the auto-configuration, and every
 * other arrow points down the layers (support at the bottom, then the engine, then the
 * shard mechanics of {@code redis.shard}, then Redis and the dispatcher, then the ledger,
 * then stream ingestion, then the adapters, then the auto-configuration).
 */
class PackageRulesTests {

	private static final String ROOT = "io.github.activityrank";

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages(ROOT);

	@Test
	void thePublicApiImportsNothingOfOurs() {
		noClasses().that()
			.resideInAPackage(ROOT)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(ROOT + ".*..")
			.check(CLASSES);
	}

	@Test
	void runtimePackagesNeverImportTheAutoConfiguration() {
		noClasses().that()
			.resideOutsideOfPackage(ROOT + ".autoconfigure..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(ROOT + ".autoconfigure..")
			.check(CLASSES);
	}

	@Test
	void arrowsOnlyPointDown() {
		Architectures.layeredArchitecture()
			.consideringOnlyDependenciesInLayers()
			.layer("api")
			.definedBy(ROOT)
			.layer("support")
			.definedBy(ROOT + ".support..")
			.layer("engine")
			.definedBy(ROOT + ".engine..")
			.layer("redis.shard")
			.definedBy(ROOT + ".redis.shard..")
			.layer("redis")
			.definedBy(ROOT + ".redis")
			.layer("dispatch")
			.definedBy(ROOT + ".dispatch..")
			.layer("ledger")
			.definedBy(ROOT + ".ledger..")
			.layer("ingest")
			.definedBy(ROOT + ".ingest..")
			.layer("adapters")
			.definedBy(ROOT + ".aspect..", ROOT + ".web..", ROOT + ".security..", ROOT + ".actuator..",
					ROOT + ".observation..")
			.layer("autoconfigure")
			.definedBy(ROOT + ".autoconfigure..")
			.whereLayer("autoconfigure")
			.mayNotBeAccessedByAnyLayer()
			.whereLayer("adapters")
			.mayOnlyBeAccessedByLayers("autoconfigure")
			.whereLayer("ingest")
			.mayOnlyBeAccessedByLayers("adapters", "autoconfigure")
			.whereLayer("ledger")
			.mayOnlyBeAccessedByLayers("ingest", "autoconfigure")
			.whereLayer("dispatch")
			.mayOnlyBeAccessedByLayers("ledger", "adapters", "autoconfigure")
			.whereLayer("redis")
			.mayOnlyBeAccessedByLayers("ledger", "autoconfigure")
			.whereLayer("redis.shard")
			.mayOnlyBeAccessedByLayers("redis")
			.whereLayer("engine")
			.mayOnlyBeAccessedByLayers("redis.shard", "redis", "dispatch", "ledger", "ingest", "adapters",
					"autoconfigure")
			.whereLayer("support")
			.mayOnlyBeAccessedByLayers("engine", "redis.shard", "redis", "dispatch", "ledger", "ingest", "adapters",
					"autoconfigure")
			.check(CLASSES);
	}

	@Test
	void theShardMechanicsImportNothingAboveThem() {
		noClasses().that()
			.resideInAPackage(ROOT + ".redis.shard..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(ROOT + ".redis", ROOT + ".autoconfigure..", ROOT + ".dispatch..", ROOT + ".ledger..",
					ROOT + ".ingest..", ROOT + ".aspect..", ROOT + ".web..", ROOT + ".security..", ROOT + ".actuator..",
					ROOT + ".observation..")
			.because("redis.shard runs commands on one Redis or over shards; keys, scripts and board layout are "
					+ "passed in by redis, which imports it, never the other way")
			.check(CLASSES);
	}

}
