package io.github.activityrank.redis.shard;

import java.net.SocketException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.lettuce.core.RedisException;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A board read on Lettuce's asynchronous commands fails with Spring's exceptions, never
 * the {@code CompletionException} of its stages: a connection reset while the reply was
 * awaited (Redis stopped in the middle of a read) reached the application as a
 * {@code CompletionException} that neither the failure policy nor an error handler knew.
 */
class LettuceShardCommandsFailureTests {

	@Test
	void aConnectionResetWhileWaitingIsAConnectionFailureThePolicyCallsTransient() {
		SocketException reset = new SocketException("Connection reset");
		RuntimeException thrown = LettuceShardCommands.translated(new CompletionException(reset));
		assertThat(thrown).isInstanceOf(RedisConnectionFailureException.class).hasCause(reset);
		assertThat(new RedisTransientFailurePolicy().isTransient(thrown)).isTrue();
	}

	@Test
	void lettucesOwnExceptionsAreTranslatedAsSpringTranslatesThem() {
		RuntimeException thrown = LettuceShardCommands
			.translated(new CompletionException(new RedisException("ERR Error running script")));
		assertThat(thrown).isInstanceOf(RedisSystemException.class);
		assertThat(new RedisTransientFailurePolicy().isTransient(thrown)).isFalse();
	}

	@Test
	void anyOtherCheckedFailureIsWrappedNotLeftInItsCompletionException() {
		TimeoutException timeout = new TimeoutException("late");
		RuntimeException thrown = LettuceShardCommands.translated(new CompletionException(timeout));
		assertThat(thrown).isNotInstanceOf(CompletionException.class).hasCause(timeout);
	}

}
