package io.github.activityrank.test;

import java.util.ArrayList;
import java.util.List;

/**
 * Tries the places a test server may come from, in order, and takes the first that gives
 * one. When none does, the failure lists every place with the reason it gave, so a red
 * build says what to fix instead of skipping the tests.
 *
 * @param <T> what is searched for
 */
final class ServerSearch<T> {

	private final String what;

	private final String fix;

	private final List<Place<T>> places = new ArrayList<>();

	/**
	 * A search.
	 * @param what what is searched for, as the failure names it ("a PostgreSQL server")
	 * @param fix what a developer can do when nothing is found
	 */
	ServerSearch(String what, String fix) {
		this.what = what;
		this.fix = fix;
	}

	/**
	 * Add a place to look, after those already added.
	 * @param description the place, as the failure lists it
	 * @param source gives the server, or throws {@link Unavailable} (or any exception)
	 * saying why it cannot
	 * @return this search
	 */
	ServerSearch<T> then(String description, Source<T> source) {
		this.places.add(new Place<>(description, source));
		return this;
	}

	/**
	 * The server of the first place that gives one.
	 * @return the server
	 * @throws IllegalStateException listing every place tried when none gives one
	 */
	T first() {
		StringBuilder tried = new StringBuilder();
		int number = 1;
		for (Place<T> place : this.places) {
			String reason;
			try {
				T found = place.source().find();
				if (found != null) {
					return found;
				}
				reason = "nothing found";
			}
			catch (Unavailable ex) {
				reason = ex.getMessage();
			}
			catch (Exception | LinkageError ex) {
				reason = "failed: " + ex;
			}
			tried.append(System.lineSeparator())
				.append("  ")
				.append(number++)
				.append(". ")
				.append(place.description())
				.append(": ")
				.append(reason);
		}
		throw new IllegalStateException("No " + this.what + " for the tests. Tried, in this order:" + tried
				+ System.lineSeparator() + "Fix: " + this.fix);
	}

	/**
	 * Gives a server from one place.
	 *
	 * @param <T> what is searched for
	 */
	@FunctionalInterface
	interface Source<T> {

		T find() throws Exception;

	}

	/**
	 * A place that has no server to give, with the reason the failure reports.
	 */
	static final class Unavailable extends Exception {

		Unavailable(String reason) {
			super(reason);
		}

	}

	private record Place<T>(String description, Source<T> source) {
	}

}
