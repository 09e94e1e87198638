/**
 * The Spring MVC interceptor that awards page views. Internal.
 */
package io.github.activityrank.web;
