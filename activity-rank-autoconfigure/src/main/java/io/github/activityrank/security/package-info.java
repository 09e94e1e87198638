/**
 * The user resolver that reads the signed-in user from Spring Security. Internal.
 */
package io.github.activityrank.security;
