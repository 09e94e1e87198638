/**
 * The optional award ledger in a SQL database: records every award, relays pending
 * entries to Redis, archives ended boards and rebuilds Redis from the ledger. Internal.
 */
package io.github.activityrank.ledger;
