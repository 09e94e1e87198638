package io.github.activityrank.reactive;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.Period;
import io.github.activityrank.RankEntry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A WebFlux application that uses the starter as a user would: {@code @ActivityScore} on
 * methods returning {@code Mono}, {@code Flux} and {@code CompletionStage}, the acting
 * user from Spring Security (HTTP Basic), page views, and a board read from a handler.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ ReactiveForumApplication.Posts.class, ReactiveForumApplication.PostController.class })
class ReactiveForumApplication {

	@Bean
	SecurityWebFilterChain securityWebFilterChain(ServerHttpSecurity http) {
		return http.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.authorizeExchange(
					(exchanges) -> exchanges.pathMatchers("/public/**").permitAll().anyExchange().authenticated())
			.httpBasic((basic) -> {
			})
			.build();
	}

	@Bean
	MapReactiveUserDetailsService users() {
		return new MapReactiveUserDetailsService(
				User.withUsername("alice").password("{noop}secret").roles("USER").build(),
				User.withUsername("bob").password("{noop}secret").roles("USER").build());
	}

	/** The annotated service: each method's work completes later. */
	static class Posts {

		/**
		 * The acting user comes from the subscriber's reactive security context. Without
		 * a delay the Mono completes on the thread that subscribes: in a request, a Netty
		 * event loop.
		 */
		@ActivityScore(rule = "publish", field = "'post_' + #id")
		Mono<String> publish(String id, Duration delay) {
			return delay.isZero() ? Mono.just(id) : Mono.delay(delay).thenReturn(id);
		}

		/** {@code #result} is the value the Mono gives. */
		@ActivityScore(rule = "publish", user = "#user", field = "'post_' + #result")
		Mono<String> publishAs(String user, Mono<String> work) {
			return work;
		}

		/** {@code #result} is the last element of the Flux. */
		@ActivityScore(rule = "publish", user = "#user", field = "'thread_' + #result")
		Flux<String> publishThread(String user, Flux<String> replies) {
			return replies;
		}

		@ActivityScore(rule = "publish", user = "#user", field = "'stage_' + #result")
		CompletionStage<String> publishLater(String user, String id, Duration delay) {
			return CompletableFuture.supplyAsync(() -> id,
					CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS));
		}

	}

	@RestController
	static class PostController {

		private final Posts posts;

		private final ActivityRankService ranks;

		PostController(Posts posts, ActivityRankService ranks) {
			this.posts = posts;
			this.ranks = ranks;
		}

		@PostMapping("/posts/{id}")
		Mono<String> publish(@PathVariable String id) {
			return this.posts.publish(id, Duration.ofMillis(300));
		}

		/** Completes on the event loop that serves the request. */
		@PostMapping("/posts/{id}/now")
		Mono<String> publishNow(@PathVariable String id) {
			return this.posts.publish(id, Duration.ZERO);
		}

		@GetMapping("/pages/{name}")
		Mono<String> page(@PathVariable String name) {
			return Mono.just(name);
		}

		/** Reads a board without blocking the event loop: Redis is asked elsewhere. */
		@GetMapping("/public/score/{user}")
		Mono<Long> score(@PathVariable String user) {
			return Mono.fromCallable(() -> this.ranks.board(Period.DAY).rankOf(user).map(RankEntry::score).orElse(0L))
				.subscribeOn(Schedulers.boundedElastic());
		}

	}

}
