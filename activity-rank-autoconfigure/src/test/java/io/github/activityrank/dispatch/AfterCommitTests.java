package io.github.activityrank.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.activityrank.ActivityEvent;
import io.github.activityrank.engine.AwardPath;
import io.github.activityrank.test.RecordingActivityRankService;
import org.junit.jupiter.api.Test;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ActivityDispatcher#dispatchAfterCommit(List)}: an award never outlives the
 * change it rewards.
 */
class AfterCommitTests {

	private final RecordingActivityRankService service = new RecordingActivityRankService();

	private final ActivityDispatcher dispatcher = new SyncActivityDispatcher(this.service, new AwardDispatchCounters());

	private final TransactionTemplate tx = new TransactionTemplate(new NoResourceTransactionManager());

	private final ActivityEvent award = ActivityEvent.award("ada", "article-1", "praise");

	@Test
	void outsideATransactionTheAwardsAreDispatchedAtOnce() {
		this.dispatcher.dispatchAfterCommit(List.of(this.award));
		assertThat(this.service.applied()).containsExactly(this.award);
	}

	@Test
	void insideATransactionTheyWaitForTheCommit() {
		this.tx.executeWithoutResult((status) -> {
			this.dispatcher.dispatchAfterCommit(List.of(this.award));
			assertThat(this.service.applied()).as("before commit").isEmpty();
		});
		assertThat(this.service.applied()).containsExactly(this.award);
	}

	@Test
	void onRollbackTheyAreForgotten() {
		this.tx.executeWithoutResult((status) -> {
			this.dispatcher.dispatchAfterCommit(List.of(this.award));
			status.setRollbackOnly();
		});
		assertThat(this.service.applied()).isEmpty();
	}

	@Test
	void theCallerMayReuseItsListBeforeTheCommit() {
		List<ActivityEvent> events = new ArrayList<>(List.of(this.award));
		this.tx.executeWithoutResult((status) -> {
			this.dispatcher.dispatchAfterCommit(events);
			events.clear();
		});
		assertThat(this.service.applied()).containsExactly(this.award);
	}

	@Test
	void nothingToDispatchRegistersNothing() {
		this.tx.executeWithoutResult((status) -> this.dispatcher.dispatchAfterCommit(List.of()));
		assertThat(this.service.applied()).isEmpty();
		assertThat(this.service.batchSizes()).isEmpty();
	}

	@Test
	void anyDispatcherGetsItAlsoOneAnApplicationWritesItself() {
		List<List<ActivityEvent>> dispatched = new ArrayList<>();
		ActivityDispatcher own = new RecordingDispatcher(dispatched);
		this.tx.executeWithoutResult((status) -> {
			own.dispatchAfterCommit(List.of(this.award));
			assertThat(dispatched).isEmpty();
		});
		assertThat(dispatched).containsExactly(List.of(this.award));
	}

	/**
	 * Transaction synchronization without a resource, enough to drive commit and rollback
	 * callbacks.
	 */
	static class NoResourceTransactionManager extends AbstractPlatformTransactionManager {

		@Override
		protected Object doGetTransaction() {
			return new Object();
		}

		@Override
		protected void doBegin(Object transaction, TransactionDefinition definition) {
		}

		@Override
		protected void doCommit(DefaultTransactionStatus status) {
		}

		@Override
		protected void doRollback(DefaultTransactionStatus status) {
		}

	}

	private record RecordingDispatcher(List<List<ActivityEvent>> dispatched) implements ActivityDispatcher {

		@Override
		public void dispatch(List<ActivityEvent> events, AwardPath path) {
			this.dispatched.add(List.copyOf(events));
		}

		@Override
		public AwardDispatchCounters getCounters() {
			return new AwardDispatchCounters();
		}

		@Override
		public boolean awaitIdle(Duration timeout) {
			return true;
		}

	}

}
