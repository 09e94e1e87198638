package io.github.activityrank.security;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

class SecurityActivityUserResolverTests {

	private final SecurityActivityUserResolver resolver = new SecurityActivityUserResolver();

	@AfterEach
	void clear() {
		SecurityContextHolder.clearContext();
	}

	@Test
	void resolvesTheAuthenticatedUsersName() {
		SecurityContextHolder.getContext()
			.setAuthentication(new TestingAuthenticationToken("alice", "pw", "ROLE_USER"));
		assertThat(this.resolver.currentUserId()).isEqualTo("alice");
	}

	@Test
	void resolvesNobodyWhenAnonymousOrSignedOut() {
		assertThat(this.resolver.currentUserId()).isNull();
		SecurityContextHolder.getContext()
			.setAuthentication(new AnonymousAuthenticationToken("key", "anonymousUser",
					List.of(new SimpleGrantedAuthority("ROLE_ANONYMOUS"))));
		assertThat(this.resolver.currentUserId()).isNull();
	}

}
