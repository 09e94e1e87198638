package io.github.activityrank.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Makes {@code activity-rank.enabled=false} hold in an application processed ahead of
 * time. There the bean definitions are generated at build time and the conditions are not
 * evaluated again, so the switch given when the application starts would be ignored. This
 * initializer runs after the generated definitions are registered and, when the switch is
 * {@code false}, removes the starter's: its auto-configuration classes, their beans and
 * its properties bean. The other way round cannot work: when the build left the starter
 * out and the switch is set to {@code true}, it warns that the application must be
 * processed again. Without AOT it does nothing: the conditions decide.
 */
class ActivityRankEnabledInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	private static final Log logger = LogFactory.getLog(ActivityRankEnabledInitializer.class);

	private static final String ENABLED = "activity-rank.enabled";

	private static final String OWN_PACKAGE = ActivityRankEnabledInitializer.class.getPackageName() + ".";

	private final BooleanSupplier aotMode;

	ActivityRankEnabledInitializer() {
		this(AotDetector::useGeneratedArtifacts);
	}

	ActivityRankEnabledInitializer(BooleanSupplier aotMode) {
		this.aotMode = aotMode;
	}

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		// an AOT-processed application's context is a GenericApplicationContext: the
		// registry the generated definitions went to
		if (!this.aotMode.getAsBoolean() || !(context instanceof BeanDefinitionRegistry registry)) {
			return;
		}
		if (context.getEnvironment().getProperty(ENABLED, Boolean.class, true)) {
			if (context.getEnvironment().containsProperty(ENABLED) && !processedWithTheStarter(registry)) {
				logger.warn(ENABLED + "=true, but this application was processed ahead of time without the beans of "
						+ "activity-rank (with " + ENABLED + "=false, or without a RedisConnectionFactory), and they "
						+ "cannot be added when it starts. Run process-aot again with the settings of the application "
						+ "you start.");
			}
			return;
		}
		List<String> starterBeans = starterBeans(registry);
		starterBeans.forEach(registry::removeBeanDefinition);
		logger.info(ENABLED + "=false: left out the " + starterBeans.size()
				+ " beans of activity-rank that ahead-of-time processing registered");
	}

	/**
	 * Whether the build registered the starter's main configuration; others may be
	 * registered without it, their beans each being conditional.
	 */
	private static boolean processedWithTheStarter(BeanDefinitionRegistry registry) {
		for (String name : registry.getBeanDefinitionNames()) {
			if (ActivityRankAutoConfiguration.class.getName()
				.equals(registry.getBeanDefinition(name).getBeanClassName())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The starter's definitions: its configuration classes and properties (classes of
	 * this package), then the beans those configuration classes define.
	 */
	static List<String> starterBeans(BeanDefinitionRegistry registry) {
		Set<String> own = new HashSet<>();
		for (String name : registry.getBeanDefinitionNames()) {
			String className = registry.getBeanDefinition(name).getBeanClassName();
			if (className != null && className.startsWith(OWN_PACKAGE)) {
				own.add(name);
			}
		}
		List<String> beans = new ArrayList<>();
		for (String name : registry.getBeanDefinitionNames()) {
			BeanDefinition definition = registry.getBeanDefinition(name);
			if (own.contains(name) || own.contains(definition.getFactoryBeanName())) {
				beans.add(name);
			}
		}
		return beans;
	}

}
