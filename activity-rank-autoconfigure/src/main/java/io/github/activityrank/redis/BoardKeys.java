package io.github.activityrank.redis;

/**
 * The keys of one board: the sorted set and its dense companion, which every read script
 * takes as KEYS[1] and KEYS[2].
 *
 * @param key the board
 * @param dense its dense companion
 */
record BoardKeys(String key, String dense) {

	/** A script call whose KEYS are this board and its companion. */
	ScriptArgs call() {
		ScriptArgs call = new ScriptArgs();
		call.key(this.key);
		call.key(this.dense);
		return call;
	}

}
