package io.github.activityrank.dispatch;

import java.io.IOException;

import io.lettuce.core.RedisException;
import io.lettuce.core.RedisLoadingException;
import org.junit.jupiter.api.Test;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only failures that waiting can cure are kept for retry.
 */
class TransientFailureTests {

	@Test
	void unreachableOrSlowRedisIsTransient() {
		assertThat(ActivityDispatcher.isTransient(new RedisConnectionFailureException("refused"))).isTrue();
		assertThat(ActivityDispatcher.isTransient(new QueryTimeoutException("timeout"))).isTrue();
		assertThat(ActivityDispatcher.isTransient(new IllegalStateException("wrapped", new IOException("reset"))))
			.isTrue();
	}

	@Test
	void aConnectionTheServerClosedOrAServerStillLoadingIsTransient() {
		// what Lettuce reports for commands in flight when the server goes away, as
		// Spring translates it
		assertThat(ActivityDispatcher
			.isTransient(new RedisSystemException("Connection closed", new RedisException("Connection closed"))))
			.isTrue();
		assertThat(ActivityDispatcher.isTransient(new RedisSystemException("LOADING",
				new RedisLoadingException("LOADING Redis is loading the dataset in memory"))))
			.isTrue();
	}

	@Test
	void errorsThatWouldRepeatAreNot() {
		assertThat(ActivityDispatcher.isTransient(new RedisSystemException("ERR script", new IllegalStateException())))
			.isFalse();
		assertThat(ActivityDispatcher.isTransient(new IllegalArgumentException("bug"))).isFalse();
		assertThat(ActivityDispatcher
			.isTransient(new RedisSystemException("ERR", new RedisException("ERR Error running script")))).isFalse();
	}

}
