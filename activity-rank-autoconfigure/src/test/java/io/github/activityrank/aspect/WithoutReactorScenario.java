package io.github.activityrank.aspect;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.ActivityScore;
import io.github.activityrank.dispatch.AwardDispatchCounters;
import io.github.activityrank.dispatch.SyncActivityDispatcher;
import io.github.activityrank.support.NonBlockingThreads;
import io.github.activityrank.test.RecordingActivityRankService;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.util.ClassUtils;

/**
 * Awards through the aspect, run by {@link WithoutReactorTests} in a class loader that
 * has neither Reactor, Reactive Streams nor Netty: what it reports shows that nothing on
 * the award path needs them.
 */
public final class WithoutReactorScenario {

	private WithoutReactorScenario() {
	}

	/**
	 * Award through a plain method and a {@code CompletionStage} one.
	 * @return whether Reactor was visible, then the fields awarded
	 */
	public static List<String> run() {
		List<String> report = new ArrayList<>();
		report.add("reactor visible: "
				+ ClassUtils.isPresent("reactor.core.publisher.Mono", WithoutReactorScenario.class.getClassLoader()));
		report.add("non-blocking thread: " + NonBlockingThreads.isCurrent());
		RecordingActivityRankService service = new RecordingActivityRankService();
		SyncActivityDispatcher dispatcher = new SyncActivityDispatcher(service, new AwardDispatchCounters());
		ActivityScoreAspect aspect = new ActivityScoreAspect(dispatcher, () -> () -> "alice",
				new ActivityScoreOperationSource(), new ActivityScoreExpressionEvaluator(null), 0);
		ProxyFactory factory = new ProxyFactory(new Tasks());
		factory.setProxyTargetClass(true);
		factory.addAdvisor(aspect);
		Tasks tasks = (Tasks) factory.getProxy();
		tasks.plain();
		CompletableFuture<String> work = new CompletableFuture<>();
		tasks.later(work);
		report.add("pending before completion: " + !dispatcher.awaitIdle(java.time.Duration.ofMillis(50)));
		work.complete("done");
		dispatcher.awaitIdle(java.time.Duration.ofSeconds(5));
		service.applied().stream().map(ActivityEvent::field).forEach(report::add);
		return report;
	}

	public static class Tasks {

		@ActivityScore(points = 1, field = "'plain'")
		public String plain() {
			return "plain";
		}

		@ActivityScore(points = 1, field = "'later_' + #result")
		public CompletionStage<String> later(CompletionStage<String> work) {
			return work;
		}

	}

}
