package io.github.activityrank.sample;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.annotation.AliasFor;

/**
 * A test of the sample app running on a random port against the test Redis, under a key
 * prefix of the test class's own ({@link RedisForTests#prefix(Class)}), so its boards
 * start empty; the prefix's keys are deleted after the class. The embedded-Redis fallback
 * is off.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(RedisForTests.DeleteKeysAfterAll.class)
@interface SampleAppTest {

	/**
	 * Extra properties of the app, as {@link SpringBootTest#properties()}.
	 * @return {@code key=value} pairs
	 */
	@AliasFor(annotation = SpringBootTest.class)
	String[] properties() default {};

}
