package io.github.activityrank.reactive;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ActivityScore} on methods whose work completes later: awarded when it completes
 * successfully, never on an error or a cancellation, never for work nobody subscribes to;
 * {@code awaitApplied} waits from the subscription until the award is applied.
 */
class ReactiveAwardTests extends ReactiveAppTestSupport {

	@Test
	void aMonoAwardsOnlyAfterItCompletesAndAwaitAppliedWaitsForIt() {
		String user = user("ann");
		Sinks.One<String> work = Sinks.one();
		this.posts.publishAs(user, work.asMono()).subscribe();
		assertThat(this.admin.awaitApplied(Duration.ofMillis(300))).isFalse();
		assertThat(score(user)).isZero();
		work.tryEmitValue("1");
		awaitApplied();
		assertThat(score(user)).isEqualTo(5);
		assertThat(this.ranks.board(io.github.activityrank.Period.DAY).rankOf(user)).isPresent();
	}

	@Test
	void aMonoThatCompletesAfterADelayIsAwardedOnceItCompleted() {
		String user = user("amy");
		Mono<String> delayed = Mono.delay(Duration.ofMillis(500)).thenReturn("2");
		this.posts.publishAs(user, delayed).subscribe();
		assertThat(score(user)).isZero();
		awaitApplied();
		assertThat(score(user)).isEqualTo(5);
	}

	@Test
	void aMonoNobodySubscribesToIsNeverPendingNorAwarded() {
		String user = user("ben");
		Mono<String> never = this.posts.publishAs(user, Mono.just("3"));
		assertThat(never).isNotNull();
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(1))).isTrue();
		assertThat(score(user)).isZero();
	}

	@Test
	void aMonoThatErrorsIsNotAwarded() {
		String user = user("cy");
		Mono<String> failing = Mono.delay(Duration.ofMillis(100)).then(Mono.error(new IllegalStateException("no")));
		this.posts.publishAs(user, failing).onErrorResume((ex) -> Mono.empty()).block(Duration.ofSeconds(5));
		awaitApplied();
		assertThat(score(user)).isZero();
	}

	@Test
	void aCancelledMonoIsNotAwardedAndNoLongerPending() {
		String user = user("dee");
		Sinks.One<String> work = Sinks.one();
		Disposable subscription = this.posts.publishAs(user, work.asMono()).subscribe();
		assertThat(this.admin.awaitApplied(Duration.ofMillis(200))).isFalse();
		subscription.dispose();
		awaitApplied();
		work.tryEmitValue("4");
		awaitApplied();
		assertThat(score(user)).isZero();
	}

	@Test
	void aFluxAwardsOnCompletionWithItsLastElementAsResult() {
		String user = user("eve");
		Sinks.Many<String> replies = Sinks.many().unicast().onBackpressureBuffer();
		this.posts.publishThread(user, replies.asFlux()).subscribe();
		replies.tryEmitNext("a");
		replies.tryEmitNext("b");
		assertThat(this.admin.awaitApplied(Duration.ofMillis(200))).isFalse();
		assertThat(score(user)).isZero();
		replies.tryEmitComplete();
		awaitApplied();
		assertThat(score(user)).isEqualTo(5);
		// the field was 'thread_' + the last element: the same thread again scores
		// nothing
		this.posts.publishThread(user, reactor.core.publisher.Flux.just("x", "b")).blockLast(Duration.ofSeconds(5));
		awaitApplied();
		assertThat(score(user)).isEqualTo(5);
	}

	@Test
	void aCompletionStageAwardsOnCompletionAndAwaitAppliedWaitsForIt() {
		String user = user("fay");
		this.posts.publishLater(user, "5", Duration.ofMillis(300));
		awaitApplied();
		assertThat(score(user)).isEqualTo(5);
	}

}
