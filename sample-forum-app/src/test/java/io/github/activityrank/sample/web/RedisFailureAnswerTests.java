package io.github.activityrank.sample.web;

import java.net.SocketException;
import java.util.concurrent.CompletionException;

import io.github.activityrank.redis.RedisTransientFailurePolicy;
import io.lettuce.core.RedisException;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.RedisSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A board read whose Redis command loses its connection while it waits (Redis stopped in
 * the middle of it) is a 503 like any other Redis outage, not a 500: the answer follows
 * the starter's failure policy. Both kinds of cut were seen in the soak test's outage
 * run.
 */
class RedisFailureAnswerTests {

	private final ApiExceptionHandler handler = new ApiExceptionHandler(new RedisTransientFailurePolicy());

	@Test
	void aCommandCutOffByAResetConnectionIsServiceUnavailable() {
		RedisSystemException ex = new RedisSystemException("Redis exception",
				new RedisException(new SocketException("Connection reset")));
		var response = this.handler.other(ex);
		assertThat(response.getStatusCode().value()).isEqualTo(503);
		assertThat(response.getBody()).containsEntry("message",
				"The leaderboards are unavailable right now; try again shortly");
	}

	@Test
	void aCommandCutOffByAClosedConnectionIsServiceUnavailable() {
		for (String message : new String[] { "Connection closed", "Connection disconnected" }) {
			RedisSystemException ex = new RedisSystemException("Redis exception", new RedisException(message));
			assertThat(this.handler.other(ex).getStatusCode().value()).as(message).isEqualTo(503);
		}
	}

	@Test
	void aServerStillLoadingItsDataIsServiceUnavailable() {
		RedisSystemException ex = new RedisSystemException("Redis exception",
				new RedisException("LOADING Redis is loading the dataset in memory"));
		assertThat(this.handler.other(ex).getStatusCode().value()).isEqualTo(503);
	}

	@Test
	void aTransientFailureOutsideSpringsRedisExceptionsIsServiceUnavailable() {
		var response = this.handler.other(new CompletionException(new SocketException("Connection reset")));
		assertThat(response.getStatusCode().value()).isEqualTo(503);
	}

	@Test
	void anyOtherRedisErrorIsStillAnInternalError() {
		RedisSystemException ex = new RedisSystemException("Redis exception",
				new RedisException("ERR Error running script"));
		assertThat(this.handler.other(ex).getStatusCode().value()).isEqualTo(500);
	}

}
