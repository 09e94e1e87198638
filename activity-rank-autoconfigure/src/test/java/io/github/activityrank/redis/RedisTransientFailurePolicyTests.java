package io.github.activityrank.redis;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisLoadingException;
import io.lettuce.core.RedisReadOnlyException;
import org.junit.jupiter.api.Test;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only failures that waiting can cure are kept for retry.
 */
class RedisTransientFailurePolicyTests {

	private final RedisTransientFailurePolicy policy = new RedisTransientFailurePolicy();

	@Test
	void unreachableOrSlowRedisIsTransient() {
		assertThat(this.policy.isTransient(new RedisConnectionFailureException("refused"))).isTrue();
		assertThat(this.policy.isTransient(new QueryTimeoutException("timeout"))).isTrue();
		assertThat(this.policy.isTransient(new IllegalStateException("wrapped", new IOException("reset")))).isTrue();
	}

	@Test
	void aConnectionTheServerClosedOrAServerStillLoadingIsTransient() {
		// what Lettuce reports for commands in flight when the server goes away, as
		// Spring translates it
		assertThat(this.policy
			.isTransient(new RedisSystemException("Connection closed", new RedisException("Connection closed"))))
			.isTrue();
		// a command sent while the connection is down, with REJECT_COMMANDS
		assertThat(this.policy.isTransient(new RedisSystemException("Redis exception",
				new RedisException("Currently not connected. Commands are rejected."))))
			.isTrue();
		// a cluster node's connection dropped with the command on its way (a master died)
		assertThat(this.policy
			.isTransient(new RedisSystemException("Redis exception", new RedisException("Connection disconnected"))))
			.isTrue();
		assertThat(this.policy.isTransient(new IllegalStateException("listener broke"))).isFalse();
		assertThat(this.policy.isTransient(new RedisSystemException("LOADING",
				new RedisLoadingException("LOADING Redis is loading the dataset in memory"))))
			.isTrue();
	}

	@Test
	void aClusterMovingASlotOrFailingOverIsTransient() {
		for (String reply : List.of("MOVED 3999 127.0.0.1:7002", "ASK 3999 127.0.0.1:7002",
				"TRYAGAIN Multiple keys request during rehashing of slot", "CLUSTERDOWN The cluster is down")) {
			assertThat(this.policy
				.isTransient(new RedisSystemException("Error in execution", new RedisCommandExecutionException(reply))))
				.as(reply)
				.isTrue();
		}
	}

	@Test
	void aServerOutOfMemoryIsTransient() {
		assertThat(this.policy.isTransient(new RedisSystemException("Error in execution",
				new RedisCommandExecutionException("OOM command not allowed when used memory > 'maxmemory'."))))
			.isTrue();
		// Redis 6.2 reports it from inside the script
		assertThat(this.policy.isTransient(new RedisSystemException("Error in execution",
				new RedisCommandExecutionException("ERR Error running script (call to f_1): @user_script:9: "
						+ "-OOM command not allowed when used memory > 'maxmemory'."))))
			.isTrue();
	}

	@Test
	void errorsThatWouldRepeatAreNot() {
		assertThat(this.policy.isTransient(new RedisSystemException("ERR script", new IllegalStateException())))
			.isFalse();
		assertThat(this.policy.isTransient(new IllegalArgumentException("bug"))).isFalse();
		assertThat(this.policy
			.isTransient(new RedisSystemException("ERR", new RedisException("ERR Error running script")))).isFalse();
	}

	@Test
	void lettucesConnectionTimeoutBusyAndReadOnlyErrorsAreTransientHoweverDeeplyWrapped() {
		assertThat(this.policy.isTransient(new RedisConnectionException("Unable to connect"))).isTrue();
		assertThat(this.policy.isTransient(new RedisCommandTimeoutException("Command timed out after 200 ms")))
			.isTrue();
		assertThat(this.policy.isTransient(
				new RedisSystemException("BUSY", new RedisBusyException("BUSY Redis is busy running a script"))))
			.isTrue();
		assertThat(
				this.policy.isTransient(new IllegalStateException("outer",
						new RedisSystemException("READONLY",
								new RedisReadOnlyException("READONLY You can't write against a read only replica")))))
			.isTrue();
		assertThat(this.policy.isTransient(new IllegalStateException(new TimeoutException("no answer")))).isTrue();
	}

	@Test
	void aConnectionTheServerResetIsTransientButOtherLettuceErrorsAreNot() {
		assertThat(this.policy.isTransient(new RedisException("Connection reset by peer"))).isTrue();
		assertThat(this.policy.isTransient(new RedisException("WRONGTYPE Operation against a key"))).isFalse();
		assertThat(this.policy.isTransient(new RedisException((String) null))).isFalse();
	}

	@Test
	void aCauseChainThatLoopsEnds() {
		IllegalStateException first = new IllegalStateException("first");
		IllegalArgumentException second = new IllegalArgumentException("second", first);
		first.initCause(second);
		assertThat(this.policy.isTransient(first)).isFalse();
		assertThat(this.policy.isTransient(null)).isFalse();
	}

	@Test
	void writeRefusalsThatHealByThemselvesAreTransientAsRepliesAndInsideScripts() {
		for (String reply : List.of("NOREPLICAS Not enough good replicas to write.",
				"MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk.",
				"MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
				"READONLY You can't write against a read only replica.",
				"NOREPLICAS Not enough good replicas to write. script: 1f71dc1c, on @user_script:1.",
				"ERR Error running script (call to f_1): @user_script:9: -NOREPLICAS Not enough good replicas")) {
			assertThat(this.policy
				.isTransient(new RedisSystemException("Error in execution", new RedisCommandExecutionException(reply))))
				.as(reply)
				.isTrue();
		}
	}

	@Test
	void aKeyOfTheWrongTypeIsPermanentAlsoInsideAScript() {
		for (String reply : List.of("WRONGTYPE Operation against a key holding the wrong kind of value",
				"WRONGTYPE Operation against a key holding the wrong kind of value script: a7f785ee, on @user_script:1.",
				"ERR Error running script (call to f_1): @user_script:9: -WRONGTYPE Operation against a key",
				"ERR Error running script (call to f_b8f2): @user_script:679: WRONGTYPE Operation against a key")) {
			RuntimeException failure = new RedisSystemException("Error in execution",
					new RedisCommandExecutionException(reply));
			assertThat(this.policy.isTransient(failure)).as(reply).isFalse();
			assertThat(this.policy.kindOf(failure)).as(reply).isEqualTo("WRONGTYPE");
		}
	}

	@Test
	void theKindOfAFailureIsRedisErrorCodeOrWhatWentWrongWithTheConnection() {
		assertThat(this.policy.kindOf(new RedisSystemException("Error in execution",
				new RedisCommandExecutionException("NOREPLICAS Not enough good replicas to write."))))
			.isEqualTo("NOREPLICAS");
		assertThat(this.policy.kindOf(new RedisConnectionFailureException("refused"))).isEqualTo("UNREACHABLE");
		assertThat(this.policy
			.kindOf(new RedisSystemException("Connection closed", new RedisException("Connection closed"))))
			.isEqualTo("UNREACHABLE");
		assertThat(this.policy.kindOf(new QueryTimeoutException("Redis command timed out"))).isEqualTo("TIMEOUT");
		assertThat(this.policy.kindOf(new RedisSystemException("Error in execution",
				new RedisCommandExecutionException("ERR Error running script: attempt to compare nil"))))
			.isEqualTo("ERR");
		assertThat(this.policy.kindOf(new IllegalArgumentException("bug"))).isEqualTo("IllegalArgumentException");
	}

}
