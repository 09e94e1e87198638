package io.github.activityrank.sample.security;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.activityrank.sample.forum.UserRepository;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Who may do what. Users log in with HTTP Basic or the login form ({@code /login.html}):
 * the user name is the forum user's id ({@code 1} to {@code 12} for the seeded users),
 * the password {@value #PASSWORD} (a demo: see docs/sample-app.md). User 1 (Ada Lovelace)
 * is the administrator. The boards and articles are public; writes need a logged-in user
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
			// the sample's own page: Spring's generated one reads the query string of
			// every
			// request, before the API could refuse a malformed one as JSON
			.formLogin((form) -> form.loginPage("/login.html").loginProcessingUrl("/login").permitAll())
			// no tokens for the JSON API and scripts: cross-site requests are refused by
			// the browser's own Origin and Sec-Fetch-Site headers instead
			.csrf((csrf) -> csrf.disable())
			// after logging in, the form goes to the page; no saved request to match, so
			// no query string is parsed before the handler can refuse it as JSON
			.requestCache((cache) -> cache.disable())
			.addFilterBefore(new CrossSiteRequestFilter(), BasicAuthenticationFilter.class);
		return http.build();
	}

	/**
	 * What the firewall refuses (an encoded line feed in the path, ...) is answered as
	 * every other error of the API: {@code {"status", "error", "message"}}.
	 */
	@Bean
	RequestRejectedHandler jsonRequestRejectedHandler() {
		JsonMapper json = JsonMapper.builder().build();
		return (request, response, ex) -> {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("status", HttpServletResponse.SC_BAD_REQUEST);
			body.put("error", "Bad Request");
			body.put("message", "The request was refused: " + ex.getMessage());
			response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
			response.setContentType("application/json");
			response.setCharacterEncoding("UTF-8");
			response.getWriter().write(json.writeValueAsString(body));
		};
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
