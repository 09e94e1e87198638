package io.github.activityrank.sample.simulate;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Demo traffic, under {@code sample.simulate.*}.
 *
 * @param users how many users take part (ids 1 to users; missing ones are created); 0
 * switches the simulation off
 * @param interval time between two ticks of live traffic
 * @param actionsPerTick actions per tick
 * @param warmUpActions actions done at once on start, so the boards are full from the
 * first look
 */
@ConfigurationProperties("sample.simulate")
public record SimulateProperties(@DefaultValue("0") int users, @DefaultValue("1s") Duration interval,
		@DefaultValue("5") int actionsPerTick, @DefaultValue("1500") int warmUpActions) {

}
