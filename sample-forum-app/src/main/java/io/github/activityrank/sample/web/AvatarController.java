package io.github.activityrank.sample.web;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.User;

import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * Avatars drawn by the app itself (initials on a colour picked from the id), so the demo
 * needs no external host.
 */
@RestController
class AvatarController {

	private static final MediaType SVG = MediaType.parseMediaType("image/svg+xml");

	private final ForumService forum;

	AvatarController(ForumService forum) {
		this.forum = forum;
	}

	@GetMapping("/avatars/{id}.svg")
	ResponseEntity<String> avatar(@PathVariable long id) {
		User user = this.forum.requireUser(id);
		int hue = (int) ((id * 137) % 360);
		String svg = """
				<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">\
				<circle cx="32" cy="32" r="32" fill="hsl(%d,55%%,48%%)"/>\
				<text x="32" y="41" font-family="Helvetica,Arial,sans-serif" font-size="24" font-weight="600" \
				fill="#fff" text-anchor="middle">%s</text></svg>""".formatted(hue,
				HtmlUtils.htmlEscape(initials(user.name())));
		return ResponseEntity.ok().contentType(SVG).cacheControl(CacheControl.maxAge(Duration.ofHours(1))).body(svg);
	}

	static String initials(String name) {
		String letters = Arrays.stream(name.trim().split("\\s+"))
			.filter((part) -> !part.isEmpty())
			.limit(2)
			.map((part) -> part.substring(0, 1))
			.collect(Collectors.joining());
		return letters.isEmpty() ? "?" : letters.toUpperCase(Locale.ROOT);
	}

}
