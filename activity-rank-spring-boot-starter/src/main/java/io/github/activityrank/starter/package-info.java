/**
 * The starter holds no code: it brings in {@code activity-rank-autoconfigure} (the API
 * lives in {@code io.github.activityrank}), Spring Data Redis over Lettuce and AspectJ.
 * This package only gives the sources and Javadoc jars that Maven Central asks of every
 * artifact something to hold.
 */
package io.github.activityrank.starter;
