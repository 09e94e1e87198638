package io.github.activityrank.benchmarks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import io.github.activityrank.ActivityRankService;
import io.github.activityrank.ActivitySummary;
import io.github.activityrank.AwardResult;
import io.github.activityrank.Period;
import io.github.activityrank.engine.ActivityCalendar;

/**
 * An {@link ActivityRankService} that answers every award at once without Redis, for
 * section 3 of the report (aspect overhead): the aspect's own cost can be measured
 * without the background threads competing with the caller for the CPU while they wait on
 * Redis. It counts the awards it was given, so the harness can tell when the dispatcher's
 * queue has drained. Built as a dynamic proxy so that it follows the interface as it
 * grows.
 */
final class InMemoryActivityRankService implements InvocationHandler {

	private static final AwardResult AWARDED = new AwardResult(AwardResult.Outcome.AWARDED, EngineContext.RULE_POINTS,
			null);

	private final LongAdder applied = new LongAdder();

	private InMemoryActivityRankService() {
	}

	/**
	 * Wait until {@code service} (made by {@link #create()}) has been given
	 * {@code expected} awards in all.
	 * @throws IllegalStateException when that takes longer than {@code maxMillis}
	 */
	static void awaitApplied(ActivityRankService service, long expected, long maxMillis) {
		LongAdder applied = ((InMemoryActivityRankService) Proxy.getInvocationHandler(service)).applied;
		long deadline = System.nanoTime() + maxMillis * 1_000_000;
		while (applied.sum() < expected) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("The dispatcher applied " + applied.sum() + " of " + expected
						+ " awards within " + maxMillis + " ms");
			}
			BenchRedis.sleep(1);
		}
	}

	static ActivityRankService create() {
		return (ActivityRankService) Proxy.newProxyInstance(ActivityRankService.class.getClassLoader(),
				new Class<?>[] { ActivityRankService.class }, new InMemoryActivityRankService());
	}

	@Override
	public Object invoke(Object proxy, Method method, Object[] args) {
		if (method.getDeclaringClass() == Object.class) {
			return switch (method.getName()) {
				case "hashCode" -> System.identityHashCode(proxy);
				case "equals" -> proxy == args[0];
				default -> "InMemoryActivityRankService";
			};
		}
		Class<?> type = method.getReturnType();
		if (type == AwardResult.class) {
			this.applied.increment();
			return AWARDED;
		}
		if (type == ActivitySummary.class) {
			return emptySummary(args);
		}
		if (type == List.class && args != null && args.length == 1 && args[0] instanceof List<?> events) {
			this.applied.add(events.size());
			return Collections.nCopies(events.size(), AWARDED);
		}
		if (type == List.class) {
			return List.of();
		}
		if (type == Optional.class) {
			return Optional.empty();
		}
		if (type == long.class) {
			return 0L; // no boards are kept: every size is 0 and removeUser changes
						// nothing
		}
		return null;
	}

	/** Nothing is stored, so every user's summary of a day, week or month is empty. */
	private static ActivitySummary emptySummary(Object[] args) {
		Period period = (Period) args[1];
		if (period == null || period == Period.TOTAL) {
			throw new IllegalArgumentException("A summary covers a DAY, WEEK or MONTH, not " + period);
		}
		LocalDate day = (args.length > 2) ? (LocalDate) args[2] : LocalDate.now();
		return new ActivitySummary((String) args[0], period, ActivityCalendar.start(period, day), 0, Map.of());
	}

}
