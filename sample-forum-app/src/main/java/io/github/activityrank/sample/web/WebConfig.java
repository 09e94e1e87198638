package io.github.activityrank.sample.web;

import java.util.List;

import io.github.activityrank.ActivityUserResolver;
import io.github.activityrank.sample.forum.UserRepository;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the {@link Actor} resolver: the logged-in user through the starter's
 * {@link ActivityUserResolver}, and the {@code X-User-Id} header only under the
 * {@code demo} profile.
 */
@Configuration(proxyBeanMethods = false)
class WebConfig implements WebMvcConfigurer {

	/** The profile under which X-User-Id names the acting user, unchecked. */
	static final String DEMO_PROFILE = "demo";

	private final UserRepository users;

	private final ObjectProvider<ActivityUserResolver> principal;

	private final Environment environment;

	WebConfig(UserRepository users, ObjectProvider<ActivityUserResolver> principal, Environment environment) {
		this.users = users;
		this.principal = principal;
		this.environment = environment;
	}

	@Override
	public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
		resolvers.add(new ActorArgumentResolver(this.users, this.principal.getIfUnique(),
				this.environment.matchesProfiles(DEMO_PROFILE)));
	}

}
