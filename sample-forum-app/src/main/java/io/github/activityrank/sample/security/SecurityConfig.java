package io.github.activityrank.sample.security;

import io.github.activityrank.sample.forum.UserRepository;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * Who may do what. Users log in with HTTP Basic or the login form ({@code /login}): the
 * user name is the forum user's id ({@code 1} to {@code 12} for the seeded users), the
 * password {@value #PASSWORD} (a demo: see docs/sample-app.md). User 1 (Ada Lovelace) is
 * the administrator. The boards and articles are public; writes need a logged-in user
 * (the handlers answer 401 without one), {@code /api/admin/**} and the actuator endpoints
 * beyond {@code health} need ADMIN, and no state-changing request may come from another
 * site ({@link CrossSiteRequestFilter}).
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfig {

	/** The password of every seeded user: a demo, documented as such. */
	static final String PASSWORD = "forum";

	/** The forum user who administers the sample. */
	static final long ADMIN_ID = 1;

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
		http.authorizeHttpRequests((requests) -> requests.requestMatchers("/actuator/health", "/actuator/health/**")
			.permitAll()
			.requestMatchers("/actuator/**", "/api/admin/**")
			.hasRole("ADMIN")
			.anyRequest()
			.permitAll())
			.httpBasic(Customizer.withDefaults())
			.formLogin(Customizer.withDefaults())
			// no tokens for the JSON API and scripts: cross-site requests are refused by
			// the browser's own Origin and Sec-Fetch-Site headers instead
			.csrf((csrf) -> csrf.disable())
			.addFilterBefore(new CrossSiteRequestFilter(), BasicAuthenticationFilter.class);
		return http.build();
	}

	@Bean
	UserDetailsService forumUsers(UserRepository users) {
		return (name) -> {
			long id = parseId(name);
			if (id <= 0 || !users.existsById(id)) {
				throw new UsernameNotFoundException("No forum user " + name);
			}
			User.UserBuilder user = User.withUsername(Long.toString(id)).password("{noop}" + PASSWORD);
			return ((id == ADMIN_ID) ? user.roles("USER", "ADMIN") : user.roles("USER")).build();
		};
	}

	private static long parseId(String name) {
		try {
			return Long.parseLong(name);
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

}
