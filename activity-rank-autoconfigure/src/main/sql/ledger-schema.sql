-- activity-rank award ledger, @DATABASE@.
-- Written at build time from src/main/sql/ledger-schema.sql with this database's forms.
-- %PREFIX% is replaced by activity-rank.ledger.table-prefix (default activity_rank_) when the
-- starter runs this script; replace it yourself when you run it with initialize-schema=never.
-- Every statement may run again: the script is applied on each start with "always".
-- Ids compare exactly (on MariaDB utf8mb4_nopad_bin, not the PAD SPACE utf8mb4_bin, under which
-- 'alice ' and 'alice' are equal, so erasing one would delete the other's rows). MariaDB tables made
-- by earlier versions keep their collation: see docs/ledger.md, "Upgrading", for the ALTER TABLE
-- statements.

-- One row per award or revoke request, in the order the requests were made (id).
-- kind: AWARD or REVOKE (room for other kinds later); lane: hash of user_id modulo 16, the
-- unit one relay claims at a time; event_at / applied_at: epoch milliseconds of the
-- application's clock; state: 0 pending, 1 applied, 2 set aside; outcome: the AwardResult outcome.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger (
	id @IDENTITY@,
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
	applied_at BIGINT
)@TABLE@;

-- The relay: pending entries of one lane, oldest first.
CREATE INDEX IF NOT EXISTS %PREFIX%ledger_pending ON %PREFIX%ledger (state, lane, id);

-- Retention: applied entries by age.
CREATE INDEX IF NOT EXISTS %PREFIX%ledger_age ON %PREFIX%ledger (state, event_at);

-- One row per lane; a relay locks a lane's row (FOR UPDATE SKIP LOCKED) while it applies
-- that lane's entries, so each user's entries are applied once and in order.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger_lane (
	lane SMALLINT NOT NULL PRIMARY KEY
)@TABLE@;

@SEED_LANES@;

-- One row that ActivityRankAdmin.rebuild() and rescore() lock (FOR UPDATE SKIP LOCKED) while they
-- run, so a second rebuild on any instance is refused; a rebuild that dies releases it.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger_rebuild (
	id SMALLINT NOT NULL PRIMARY KEY
)@TABLE@;

@SEED_REBUILD@;

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
)@TABLE@;

-- A revoke the ledger applied itself, because its award's record had expired in Redis: the id of
-- the award entry it took back ("once ever" means ever). Added to tables of earlier versions.
ALTER TABLE %PREFIX%ledger ADD COLUMN IF NOT EXISTS revoked_id BIGINT;

-- The item an award also scores (ActivityEvent.withItem, docs/items.md), so that a rebuild restores
-- item boards and hot boards; NULL for none. Added to tables of earlier versions.
ALTER TABLE %PREFIX%ledger ADD COLUMN IF NOT EXISTS item_type VARCHAR(32);
ALTER TABLE %PREFIX%ledger ADD COLUMN IF NOT EXISTS item_id VARCHAR(128);

-- The scope ids an award also scores (ActivityEvent.withScope, docs/scopes.md), "kind=id&...", each
-- id URL-encoded, so that a rebuild restores scope boards; NULL for none. Added to tables of earlier
-- versions.
ALTER TABLE %PREFIX%ledger ADD COLUMN IF NOT EXISTS scopes VARCHAR(4000);

-- Why Redis failed for good on an entry set aside (state 2): its reply, as ActivityRankAdmin.setAside
-- answers it; NULL otherwise. Added to tables of earlier versions.
ALTER TABLE %PREFIX%ledger ADD COLUMN IF NOT EXISTS reason VARCHAR(1000);

-- A user's entries: the relay looks up whether a user of its pass has a pending entry below where
-- it reads the lane (one that committed late, which their later entries must not overtake), and
-- erasing a user (removeUser) deletes their entries by user_id. Added to tables of earlier
-- versions, whose index on user_id alone it replaces.
CREATE INDEX IF NOT EXISTS %PREFIX%ledger_user_state ON %PREFIX%ledger (user_id, state, id);
DROP INDEX IF EXISTS %PREFIX%ledger_user@ON_LEDGER@;

-- The standing awards: one row per award entry whose points stand (AWARDED or CAPPED with points),
-- deleted when a revoke takes it back; written in the transaction that records the outcome. The
-- ledger consults it before Redis: once-per-ever rules, and revokes of awards Redis forgot.
-- event_at: when the award was applied (the day of its record), epoch milliseconds.
CREATE TABLE IF NOT EXISTS %PREFIX%ledger_standing (
	award_id BIGINT NOT NULL PRIMARY KEY,
	user_id VARCHAR(128) NOT NULL,
	field VARCHAR(256) NOT NULL,
	rule_name VARCHAR(64),
	points BIGINT NOT NULL,
	event_at BIGINT NOT NULL
)@TABLE@;

CREATE INDEX IF NOT EXISTS %PREFIX%ledger_standing_user ON %PREFIX%ledger_standing (user_id, field);

-- Archived standings: the final first entries of a day, week or month board or a challenge, stored
-- once when it ended. archive_board holds one row per archived board (its primary key makes one
-- instance the writer); archive its entries: entry_order 1, 2, 3, ... in the board's order, board_rank
-- the rank it showed (equal for ties, as activity-rank.ranking numbers them), score the points.
CREATE TABLE IF NOT EXISTS %PREFIX%archive_board (
	board VARCHAR(100) NOT NULL PRIMARY KEY,
	ended_at BIGINT NOT NULL,
	entries INT NOT NULL
)@TABLE@;

CREATE TABLE IF NOT EXISTS %PREFIX%archive (
	board VARCHAR(100) NOT NULL,
	entry_order INT NOT NULL,
	board_rank INT NOT NULL,
	user_id VARCHAR(128) NOT NULL,
	points BIGINT NOT NULL,
	score BIGINT NOT NULL,
	PRIMARY KEY (board, entry_order)
)@TABLE@;

CREATE INDEX IF NOT EXISTS %PREFIX%archive_user ON %PREFIX%archive (user_id, board);

-- Stream ingestion's fence: per partition stream, the id of the last message written to the
-- ledger (last_ms, last_seq). The insert of a batch of messages locks its stream's row and writes
-- only newer messages, so a consumer that lost its partition while paused writes nothing its
-- successor wrote, and a message delivered twice is written once.
CREATE TABLE IF NOT EXISTS %PREFIX%ingest_fence (
	stream VARCHAR(200) NOT NULL PRIMARY KEY,
	last_ms BIGINT NOT NULL,
	last_seq BIGINT NOT NULL
)@TABLE@;

-- Top badges (docs/badges.md): one row per board that ended, top badge and user it granted, written
-- once across instances (the primary key; a second writer finds the row there), so a rebuild
-- restores them: times = the rows of a user and badge, earned_at (epoch milliseconds, when the
-- board ended) of the latest is the earnedAt of the badge. Added to databases of earlier versions.
CREATE TABLE IF NOT EXISTS %PREFIX%top_badge (
	board VARCHAR(100) NOT NULL,
	badge VARCHAR(40) NOT NULL,
	user_id VARCHAR(128) NOT NULL,
	tier SMALLINT NOT NULL,
	earned_at BIGINT NOT NULL,
	PRIMARY KEY (board, badge, user_id)
)@TABLE@;

CREATE INDEX IF NOT EXISTS %PREFIX%top_badge_user ON %PREFIX%top_badge (user_id, badge);
