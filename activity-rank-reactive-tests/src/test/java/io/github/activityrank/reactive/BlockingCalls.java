package io.github.activityrank.reactive;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;

/**
 * BlockHound, installed once per JVM: a blocking call on a non-blocking thread (a Netty
 * event loop, Reactor's parallel scheduler) throws, as usual, and is also recorded here,
 * since the starter catches and logs what its awards throw.
 */
final class BlockingCalls {

	private static final List<String> recorded = new CopyOnWriteArrayList<>();

	static {
		// with the integrations on the classpath (Reactor's, Netty's), which tell their
		// non-blocking threads
		BlockHound.install((builder) -> builder
			// Netty's adaptive allocator takes a short lock of its own when it adds a
			// magazine under contention; Netty's integration does not list it yet
			.allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup", "tryExpandMagazines")
			.allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$Magazine", "free")
			.blockingMethodCallback((method) -> {
				recorded.add(method + " on " + Thread.currentThread().getName());
				throw new BlockingOperationError(method);
			}));
	}

	private BlockingCalls() {
	}

	/** Install BlockHound, if not yet done. */
	static void install() {
		// the static initializer did it
	}

	/** The blocking calls seen so far on non-blocking threads. */
	static List<String> recorded() {
		return List.copyOf(recorded);
	}

	static void clear() {
		recorded.clear();
	}

}
