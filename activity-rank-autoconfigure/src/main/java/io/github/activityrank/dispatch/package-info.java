/**
 * How awards reach the engine: on the caller's thread or queued for background workers
 * per user lane, after commit inside a transaction, with a retry buffer for transient
 * failures, and the counters of what happened. Internal.
 */
package io.github.activityrank.dispatch;
