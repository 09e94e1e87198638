package io.github.activityrank.test;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The figures of one hostile-input catalogue, printed as one {@code [hostile]} line for
 * docs/reliability.md: how many inputs were tried, how many got a clear error, how many
 * odd but valid ones were stored under the prefix and read back, how many rejected ones
 * stored something anyway, and how many keys outside the prefix SCAN found.
 */
public final class HostileTally {

	private final String catalogue;

	private final AtomicInteger tried = new AtomicInteger();

	private final AtomicInteger rejected = new AtomicInteger();

	private final AtomicInteger accepted = new AtomicInteger();

	private final AtomicInteger storedByRejected = new AtomicInteger();

	private final AtomicInteger outsidePrefix = new AtomicInteger();

	private final AtomicInteger scans = new AtomicInteger();

	private final AtomicInteger keysScanned = new AtomicInteger();

	/**
	 * Figures of a catalogue.
	 * @param catalogue its name in the printed line
	 */
	public HostileTally(String catalogue) {
		this.catalogue = catalogue;
	}

	/**
	 * Count an input that got a clear error.
	 * @param storedSomething whether the prefix's keys changed all the same
	 */
	public void rejected(boolean storedSomething) {
		this.tried.incrementAndGet();
		this.rejected.incrementAndGet();
		if (storedSomething) {
			this.storedByRejected.incrementAndGet();
		}
	}

	/**
	 * Count an odd but valid input that was stored under the prefix and read back
	 * unchanged.
	 */
	public void accepted() {
		this.tried.incrementAndGet();
		this.accepted.incrementAndGet();
	}

	/**
	 * Count one SCAN of the whole database.
	 * @param result what it found
	 */
	public void scanned(KeyspaceAudit.Result result) {
		this.scans.incrementAndGet();
		this.keysScanned.addAndGet(result.all().size());
		this.outsidePrefix.addAndGet(result.outside().size());
	}

	/**
	 * Inputs tried so far.
	 * @return the count
	 */
	public int tried() {
		return this.tried.get();
	}

	/**
	 * Rejected inputs after which the prefix's keys had changed.
	 * @return the count, 0 when all is well
	 */
	public int storedByRejected() {
		return this.storedByRejected.get();
	}

	/**
	 * Keys outside every catalogue prefix found by the SCANs.
	 * @return the count, 0 when all is well
	 */
	public int outsidePrefix() {
		return this.outsidePrefix.get();
	}

	/**
	 * The line for the console and docs/reliability.md.
	 * @return {@code [hostile] name: tried=... rejected=... ...}
	 */
	public String line() {
		return "[hostile] " + this.catalogue + ": tried=" + this.tried + " rejected=" + this.rejected + " acceptedOdd="
				+ this.accepted + " storedByRejected=" + this.storedByRejected + " keysOutsidePrefix="
				+ this.outsidePrefix + " scans=" + this.scans + " keysScanned=" + this.keysScanned;
	}

}
