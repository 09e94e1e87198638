-- activity-rank award ledger, MariaDB 10.6+ and MySQL 8.0+ (SKIP LOCKED).
-- %PREFIX% is replaced by activity-rank.ledger.table-prefix (default activity_rank_) when the
-- starter runs this script; replace it yourself when you run it with initialize-schema=never.
-- Every statement may run again: the script is applied on each start with "always".

-- One row per award or revoke request, in the order the requests were made (id).
-- kind: AWARD or REVOKE (room for other kinds later); lane: hash of user_id modulo 16, the
-- unit one relay claims at a time; event_at / applied_at: epoch milliseconds of the
-- application's clock; state: 0 pending, 1 applied; outcome: the AwardResult outcome.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger (
	id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
	kind VARCHAR(16) NOT NULL,
	lane SMALLINT NOT NULL,
	user_id VARCHAR(128) NOT NULL,
	rule_name VARCHAR(64),
	points BIGINT,
	field VARCHAR(256),
	event_at BIGINT NOT NULL,
	state SMALLINT NOT NULL,
	outcome VARCHAR(24),
	applied_points BIGINT,
	applied_at BIGINT,
	INDEX %PREFIX%ledger_pending (state, lane, id),
	INDEX %PREFIX%ledger_age (state, event_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One row per lane; a relay locks a lane's row (FOR UPDATE SKIP LOCKED) while it applies
-- that lane's entries, so each user's entries are applied once and in order.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger_lane (
	lane SMALLINT NOT NULL PRIMARY KEY
) ENGINE=InnoDB;

INSERT IGNORE INTO %PREFIX%ledger_lane (lane) VALUES
	(0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15);

-- One row that ActivityRankAdmin.rebuild() and rescore() lock (FOR UPDATE SKIP LOCKED) while they
-- run, so a second rebuild on any instance is refused; a rebuild that dies releases it.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger_rebuild (
	id SMALLINT NOT NULL PRIMARY KEY
) ENGINE=InnoDB;

INSERT IGNORE INTO %PREFIX%ledger_rebuild (id) VALUES (1);

-- One row per challenge created while the ledger is on: its definition, so a rebuild restores
-- it. Its creation (kind CHALLENGE, field = id, user_id empty), joins and leaves (kind JOIN,
-- LEAVE, field = id) are rows of the ledger, in order with the awards. start_at, end_at,
-- created_at: epoch milliseconds; rules: comma-separated, empty for every rule.
CREATE TABLE IF NOT EXISTS %PREFIX%challenge (
	id VARCHAR(64) NOT NULL PRIMARY KEY,
	start_at BIGINT NOT NULL,
	end_at BIGINT NOT NULL,
	rules VARCHAR(4000) NOT NULL,
	open_to_all SMALLINT NOT NULL,
	created_at BIGINT NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
