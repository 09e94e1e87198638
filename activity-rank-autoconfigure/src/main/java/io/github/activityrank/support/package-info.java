/**
 * Small helpers every runtime package may use: input checks, text made safe for logs, and
 * a log that warns once then goes to debug. It imports nothing of the starter but the
 * public API. Internal.
 */
package io.github.activityrank.support;
