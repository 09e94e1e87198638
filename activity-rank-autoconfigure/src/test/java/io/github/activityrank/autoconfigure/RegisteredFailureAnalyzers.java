package io.github.activityrank.autoconfigure;

import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;

/**
 * What a developer sees when the start fails: like Spring Boot's own
 * {@code FailureAnalyzers}, every {@link FailureAnalyzer} registered in any
 * {@code META-INF/spring.factories} is loaded and asked in turn until one explains the
 * failure. As there, an analyzer that cannot be created (such as Boot's bean validation
 * analyzer without a validation library) is left out, so a test that relies on one of
 * ours also checks that it is among those loaded.
 */
final class RegisteredFailureAnalyzers {

	private static final Log logger = LogFactory.getLog(RegisteredFailureAnalyzers.class);

	private RegisteredFailureAnalyzers() {
	}

	/**
	 * Every registered analyzer, created as Spring Boot creates them.
	 * @param environment the failed context's environment, or {@code null}
	 * @return the analyzers, in Spring Boot's order
	 */
	static List<FailureAnalyzer> load(Environment environment) {
		BeanFactory beanFactory = new DefaultListableBeanFactory();
		ArgumentResolver arguments = ArgumentResolver.of(BeanFactory.class, beanFactory)
			.and(Environment.class, environment);
		return SpringFactoriesLoader.forDefaultResourceLocation(RegisteredFailureAnalyzers.class.getClassLoader())
			.load(FailureAnalyzer.class, arguments, FailureHandler.logging(logger));
	}

	/**
	 * The first analysis any registered analyzer gives.
	 * @param failure the start-up failure
	 * @param environment the failed context's environment, so the report can quote the
	 * value as written and where it was set
	 * @return the analysis, or {@code null} when no analyzer explains the failure
	 */
	static FailureAnalysis analyze(Throwable failure, Environment environment) {
		for (FailureAnalyzer analyzer : load(environment)) {
			FailureAnalysis analysis = analyzer.analyze(failure);
			if (analysis != null) {
				return analysis;
			}
		}
		return null;
	}

}
