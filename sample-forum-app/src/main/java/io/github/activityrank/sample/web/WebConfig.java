package io.github.activityrank.sample.web;

import java.util.List;

import io.github.activityrank.sample.forum.UserRepository;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the {@link Actor} resolver.
 */
@Configuration(proxyBeanMethods = false)
class WebConfig implements WebMvcConfigurer {

	private final UserRepository users;

	WebConfig(UserRepository users) {
		this.users = users;
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(new ActorArgumentResolver(this.users));
	}

}
