/**
 * Small helpers every runtime package may use: input checks, text made safe for logs,
 * logs that warn once (or once per kind a minute) then go to debug, and the bisection
 * that narrows a batch that failed for good down to the items that fail on their own, and
 * the test for threads that must never block, and the group commit that sends the work of
 * concurrent callers in one batch, a failure's causes looked through, and the observation
 * a Reactor subscriber works under. It imports nothing of the starter but the public API.
 * Internal.
 */
package io.github.activityrank.support;
