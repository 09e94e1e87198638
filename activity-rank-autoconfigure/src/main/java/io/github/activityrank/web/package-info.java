/**
 * Page views: the Spring MVC interceptor and the WebFlux filter that award them.
 * Internal.
 */
package io.github.activityrank.web;
