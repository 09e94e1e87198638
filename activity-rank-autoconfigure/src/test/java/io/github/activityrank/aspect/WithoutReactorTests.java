package io.github.activityrank.aspect;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reactor is optional: the starter's classes, loaded where Reactor, Reactive Streams and
 * Netty cannot be found (as in an application on Jedis), still award through
 * {@code @ActivityScore}, a {@code CompletionStage} included.
 */
class WithoutReactorTests {

	@Test
	void awardsWithoutReactorOnTheClasspath() throws Exception {
		try (WithoutReactorLoader loader = new WithoutReactorLoader()) {
			@SuppressWarnings("unchecked")
			List<String> report = (List<String>) loader.loadClass(WithoutReactorScenario.class.getName())
				.getMethod("run")
				.invoke(null);
			assertThat(report).containsExactly("reactor visible: false", "non-blocking thread: false",
					"pending before completion: true", "plain", "later_done");
		}
	}

	/**
	 * Loads the starter's classes (main and test) itself, hides Reactor, Reactive Streams
	 * and Netty, and leaves everything else to the application's loader.
	 */
	static final class WithoutReactorLoader extends URLClassLoader {

		WithoutReactorLoader() {
			super(new URL[] { location(io.github.activityrank.ActivityScore.class),
					location(WithoutReactorScenario.class) }, WithoutReactorTests.class.getClassLoader());
		}

		private static URL location(Class<?> type) {
			return type.getProtectionDomain().getCodeSource().getLocation();
		}

		@Override
		protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
			if (name.startsWith("reactor.") || name.startsWith("org.reactivestreams.")
					|| name.startsWith("io.netty.")) {
				throw new ClassNotFoundException(name + " is hidden");
			}
			if (!name.startsWith("io.github.activityrank.")) {
				return super.loadClass(name, resolve);
			}
			synchronized (getClassLoadingLock(name)) {
				Class<?> loaded = findLoadedClass(name);
				return (loaded != null) ? loaded : findClass(name);
			}
		}

	}

}
