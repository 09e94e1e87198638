package io.github.activityrank.observation;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations activity-rank makes, with their names, keys and events.
 */
public enum ActivityRankObservationDocumentation implements ObservationDocumentation {

	/**
	 * An award or revoke, from the moment it was made (on the caller's thread, a child of
	 * the current observation) until it was answered, possibly on a background thread.
	 */
	AWARD {
		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultAwardObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return AwardKeyNames.values();
		}

		@Override
		public Observation.Event[] getEvents() {
			return AwardEvents.values();
		}
	},

	/** A read of a board through a {@code Leaderboard}. */
	BOARD_READ {
		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultBoardReadObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return BoardReadKeyNames.values();
		}
	};

	/** The low-cardinality keys of {@link #AWARD}. */
	public enum AwardKeyNames implements KeyName {

		/** The configured rule the award names, {@code none} or {@code unknown}. */
		RULE {
			@Override
			public String asString() {
				return "rule";
			}
		},

		/**
		 * How the award was made: {@code direct}, {@code annotated}, {@code event},
		 * {@code page-view}, {@code relay} or {@code stream}.
		 */
		PATH {
			@Override
			public String asString() {
				return "path";
			}
		},

		/**
		 * How it ended: an award outcome in lower case ({@code awarded},
		 * {@code already_awarded}, {@code capped}, {@code revoked},
		 * {@code nothing_to_revoke}, {@code rejected}, {@code set_aside}), {@code failed}
		 * or {@code dropped}.
		 */
		OUTCOME {
			@Override
			public String asString() {
				return "outcome";
			}
		}

	}

	/** The low-cardinality keys of {@link #BOARD_READ}. */
	public enum BoardReadKeyNames implements KeyName {

		/**
		 * {@code period}, {@code challenge}, {@code item}, {@code streak}, {@code scope}
		 * or {@code rolling}.
		 */
		BOARD_KIND {
			@Override
			public String asString() {
				return "board.kind";
			}
		},

		/** {@code day}, {@code week}, {@code month}, {@code total} or {@code none}. */
		PERIOD {
			@Override
			public String asString() {
				return "period";
			}
		},

		/**
		 * The {@code Leaderboard} method: {@code top}, {@code page}, {@code rankOf},
		 * {@code around}, {@code size} or {@code among}.
		 */
		OPERATION {
			@Override
			public String asString() {
				return "operation";
			}
		}

	}

	/** The events of {@link #AWARD}. */
	public enum AwardEvents implements Observation.Event {

		/**
		 * A background worker took the award from its queue: the time before it is the
		 * wait in the queue.
		 */
		TAKEN {
			@Override
			public String getName() {
				return "taken";
			}
		}

	}

}
