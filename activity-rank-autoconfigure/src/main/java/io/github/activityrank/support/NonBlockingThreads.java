package io.github.activityrank.support;

import io.netty.util.concurrent.FastThreadLocalThread;
import reactor.core.scheduler.Schedulers;

import org.springframework.util.ClassUtils;

/**
 * Tells a thread that must never block, and hands work to one that may. Such threads are
 * Reactor's non-blocking ones (Reactor Netty's event loops, the {@code parallel}
 * scheduler) and Netty's event loops (Lettuce's too, which answer Redis). Reactor and
 * Netty are optional: without them no thread counts as non-blocking.
 */
public final class NonBlockingThreads {

	private static final ClassLoader LOADER = NonBlockingThreads.class.getClassLoader();

	private static final boolean REACTOR_PRESENT = ClassUtils.isPresent("reactor.core.scheduler.Schedulers", LOADER);

	private static final boolean NETTY_PRESENT = ClassUtils.isPresent("io.netty.util.concurrent.FastThreadLocalThread",
			LOADER);

	private NonBlockingThreads() {
	}

	/**
	 * Whether the current thread must never block.
	 * @return {@code true} on a Reactor non-blocking thread or a Netty event loop
	 */
	public static boolean isCurrent() {
		return (REACTOR_PRESENT && Reactor.isNonBlocking()) || (NETTY_PRESENT && Netty.isEventLoop());
	}

	/**
	 * Run a task on a thread that may block: Reactor's bounded elastic scheduler, or
	 * without Reactor a new daemon thread (then only a Netty event loop can ask for it).
	 * @param task what to run
	 */
	public static void runElsewhere(Runnable task) {
		if (REACTOR_PRESENT) {
			Reactor.runElsewhere(task);
			return;
		}
		Thread thread = new Thread(task, "activity-rank-handoff");
		thread.setDaemon(true);
		thread.start();
	}

	/** The only code that refers to Reactor, loaded only when it is present. */
	private static final class Reactor {

		static boolean isNonBlocking() {
			return Schedulers.isInNonBlockingThread();
		}

		static void runElsewhere(Runnable task) {
			Schedulers.boundedElastic().schedule(task);
		}

	}

	/** The only code that refers to Netty, loaded only when it is present. */
	private static final class Netty {

		static boolean isEventLoop() {
			// as Netty's own BlockHound integration tells its event loops
			return Thread.currentThread() instanceof FastThreadLocalThread thread && !thread.permitBlockingCalls();
		}

	}

}
