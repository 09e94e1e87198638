package io.github.activityrank.redis;

/**
 * The keys of one board: the sorted set, its dense companion and the companion's build
 * marker, which every read script takes as KEYS[1], KEYS[2] and KEYS[3].
 *
 * @param key the board
 * @param dense its dense companion
 */
record BoardKeys(String key, String dense) {

	/**
	 * Most members one call of dense.lua reads while it builds a companion, so that no
	 * call holds Redis for long however large the board.
	 */
	static final int DENSE_CHUNK = 10_000;

	/**
	 * The marker that exists while the companion is being built, holding where the build
	 * goes on: {@code <companion>:building}, in the companion's hash slot.
	 * @return the key
	 */
	String building() {
		return this.dense + ":building";
	}

	/** A script call whose KEYS are this board, its companion and the build marker. */
	ScriptArgs call() {
		ScriptArgs call = new ScriptArgs();
		call.key(this.key);
		call.key(this.dense);
		call.key(building());
		return call;
	}

	/** A call of dense.lua for one chunk of the build. */
	ScriptArgs buildCall() {
		return call().arg(DENSE_CHUNK);
	}

}
