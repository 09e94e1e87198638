/**
 * Spring Boot auto-configuration: the properties, their checks, and the configurations
 * that wire the engine, the Redis stores, the dispatcher, the ledger, the cluster client
 * and the actuator endpoint and meters. Only this package reads properties; no other
 * package imports it.
 */
package io.github.activityrank.autoconfigure;
