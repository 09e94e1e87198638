package io.github.activityrank.reactive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The WebFlux application over HTTP: the acting user from the request's reactive security
 * context (HTTP Basic), page views counted by the {@code WebFilter}, a board read from a
 * handler, and no blocking call on an event loop (BlockHound).
 */
class WebFluxAwardTests extends ReactiveAppTestSupport {

	@Test
	void blockHoundCatchesABlockingCallOnANonBlockingThread() {
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> Mono.fromRunnable(WebFluxAwardTests::sleep).subscribeOn(Schedulers.parallel()).block());
		assertThat(BlockingCalls.recorded()).isNotEmpty();
		BlockingCalls.clear();
	}

	@Test
	void theActingUserComesFromTheReactiveSecurityContext() {
		long before = score("alice");
		this.client.post()
			.uri("/posts/{id}", user("p"))
			.headers((headers) -> headers.setBasicAuth("alice", "secret"))
			.exchange()
			.expectStatus()
			.isOk();
		awaitApplied();
		assertThat(score("alice")).isEqualTo(before + 5);
	}

	@Test
	void anAwardMadeOnTheEventLoopNeverBlocksIt() {
		long before = score("bob");
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			ids.add(user("n"));
		}
		// all at once, so that with a small queue some find it full
		WebClient web = WebClient.create("http://localhost:" + this.port);
		Flux.fromIterable(ids)
			.flatMap((id) -> web.post()
				.uri("/posts/{id}/now", id)
				.headers((headers) -> headers.setBasicAuth("bob", "secret"))
				.retrieve()
				.toBodilessEntity(), ids.size())
			.blockLast(Duration.ofSeconds(30));
		awaitApplied();
		assertThat(score("bob")).isEqualTo(before + 5 * ids.size());
	}

	@Test
	void anUnauthenticatedRequestAwardsNothing() {
		this.client.post().uri("/posts/{id}", user("q")).exchange().expectStatus().isUnauthorized();
		awaitApplied();
	}

	@Test
	void pageViewsAreCountedByTheWebFilter() {
		String page = user("page");
		long before = score("alice");
		WebTestClient.ResponseSpec first = this.client.get()
			.uri("/pages/{name}", page)
			.headers((headers) -> headers.setBasicAuth("alice", "secret"))
			.exchange();
		first.expectStatus().isOk();
		awaitApplied();
		long score = score("alice");
		assertThat(score).isEqualTo(before + 1);
		// the same page again the same day scores nothing; another one does
		this.client.get()
			.uri("/pages/{name}", page)
			.headers((headers) -> headers.setBasicAuth("alice", "secret"))
			.exchange()
			.expectStatus()
			.isOk();
		this.client.get()
			.uri("/pages/{name}", page + "-2")
			.headers((headers) -> headers.setBasicAuth("alice", "secret"))
			.exchange()
			.expectStatus()
			.isOk();
		awaitApplied();
		assertThat(score("alice")).isEqualTo(score + 1);
		assertThat(this.ranks.board(io.github.activityrank.Period.DAY).rankOf("alice")).isPresent();
	}

	@Test
	void aBoardIsReadFromAHandlerOffTheEventLoop() {
		String user = user("gil");
		this.posts.publishAs(user, Mono.just("7")).block();
		awaitApplied();
		this.client.get()
			.uri("/public/score/{user}", user)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(Long.class)
			.isEqualTo(5L);
	}

	private static void sleep() {
		try {
			Thread.sleep(1);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
