package io.github.activityrank.aspect;

import java.util.List;
import java.util.Set;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.aspect.ActivityScoreValidationException.Problem;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.aop.framework.ProxyFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ActivityScore} on methods returning a {@code Mono}, a {@code Flux} or a
 * {@code Publisher}, without a Spring context: what {@code #result} is, what the
 * validator refuses at start.
 */
class ActivityScoreReactiveTests {

	private final ActivityScoreOperationSource operationSource = new ActivityScoreOperationSource();

	private final ActivityScoreExpressionEvaluator evaluator = new ActivityScoreExpressionEvaluator(null);

	private final Set<String> rules = Set.of("praise");

	private final ActivityScoreValidator validator = new ActivityScoreValidator(this.operationSource, this.evaluator,
			this.rules::contains, () -> this.rules);

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	@Test
	void acceptsMonoFluxAndPublisherMethods() {
		assertThat(this.validator.validate(Articles.class, true)).isEmpty();
	}

	@Test
	void refusesAPublisherItCannotWaitFor() {
		List<Problem> problems = this.validator.validate(OtherPublisher.class, true);
		assertThat(problems).hasSize(1);
		Problem problem = problems.get(0);
		assertThat(problem.attribute()).isEqualTo("return type");
		assertThat(problem.description()).contains(Single.class.getName())
			.contains("a Publisher whose completion activity-rank cannot wait for");
		assertThat(problem.action()).contains("Flux.from(publisher)");
	}

	@Test
	void refusesResultOnAMonoOfVoid() {
		List<Problem> problems = this.validator.validate(ResultOnMonoOfVoid.class, true);
		assertThat(problems).singleElement()
			.satisfies((problem) -> assertThat(problem.description()).contains("#result is used but the method"));
	}

	@Test
	void theResultOfAMonoIsItsValueAndOfAFluxItsLastElement() {
		Articles articles = proxy(new Articles());
		assertThat(articles.publish(7).block()).isEqualTo("article-7");
		assertThat(articles.publishAll().collectList().block()).containsExactly("a", "b", "c");
		assertThat(fields()).containsExactly("article-7", "c");
	}

	@Test
	void aPublisherDeclaredAsSuchIsAwardedAsAFlux() {
		Articles articles = proxy(new Articles());
		Publisher<String> published = articles.publishRaw();
		assertThat(published).isInstanceOf(Flux.class);
		assertThat(Flux.from(published).collectList().block()).containsExactly("x", "y");
		assertThat(fields()).containsExactly("y");
	}

	@Test
	void nothingIsAwardedForAMonoNobodySubscribesToOrOneThatFails() {
		Articles articles = proxy(new Articles());
		articles.publish(8);
		articles.fail().onErrorResume((ex) -> Mono.empty()).block();
		assertThat(this.service.applied()).isEmpty();
	}

	private List<String> fields() {
		return this.service.applied().stream().map(ActivityEvent::field).toList();
	}

	private <T> T proxy(T target) {
		ActivityScoreAspect aspect = new ActivityScoreAspect(
				new SyncActivityDispatcher(this.service, new AwardDispatchCounters()), () -> () -> "alice",
				this.operationSource, this.evaluator, 0);
		ProxyFactory factory = new ProxyFactory(target);
		factory.setProxyTargetClass(true);
		factory.addAdvisor(aspect);
		@SuppressWarnings("unchecked")
		T proxy = (T) factory.getProxy();
		return proxy;
	}

	static class Articles {

		@ActivityScore(rule = "praise", field = "#result")
		public Mono<String> publish(long id) {
			return Mono.just("article-" + id);
		}

		@ActivityScore(rule = "praise", field = "#result")
		public Flux<String> publishAll() {
			return Flux.just("a", "b", "c");
		}

		@ActivityScore(rule = "praise", field = "#result")
		public Publisher<String> publishRaw() {
			return new Single<>("x", "y");
		}

		@ActivityScore(rule = "praise", field = "'failed'")
		public Mono<String> fail() {
			return Mono.error(new IllegalStateException("no"));
		}

	}

	static class OtherPublisher {

		@ActivityScore(rule = "praise", field = "'x'")
		public Single<String> publish() {
			return new Single<>("x");
		}

	}

	static class ResultOnMonoOfVoid {

		@ActivityScore(rule = "praise", field = "#result")
		public Mono<Void> praise(long articleId) {
			return Mono.empty();
		}

	}

	/** A Publisher of another library, as RxJava's {@code Flowable} is. */
	static final class Single<T> implements Publisher<T> {

		private final Flux<T> values;

		@SafeVarargs
		Single(T... values) {
			this.values = Flux.just(values);
		}

		@Override
		public void subscribe(Subscriber<? super T> subscriber) {
			this.values.subscribe(subscriber);
		}

	}

}
