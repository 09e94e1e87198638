package io.github.activityrank.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tiny HTTP client for the forum's JSON API, as a script or a browser would call it:
 * logged in with HTTP Basic, or, for the {@code demo} profile, naming the user in
 * {@code X-User-Id}.
 */
final class ForumApi {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	/** The password of every seeded user (the sample's SecurityConfig). */
	static final String PASSWORD = "forum";

	private final String base;

	private final boolean demo;

	/**
	 * A client that logs in: HTTP Basic with the user's id as the user name.
	 * @param port the app's port
	 */
	ForumApi(int port) {
		this(port, false);
	}

	private ForumApi(int port, boolean demo) {
		this.base = "http://localhost:" + port;
		this.demo = demo;
	}

	/**
	 * A client that names the user in {@code X-User-Id}, as the page's user picker does
	 * under the {@code demo} profile.
	 * @param port the app's port
	 * @return the client
	 */
	static ForumApi demo(int port) {
		return new ForumApi(port, true);
	}

	Response get(String path, Object user) {
		return send("GET", path, user, null, null);
	}

	Response get(String path) {
		return send("GET", path, null, null, null);
	}

	Response post(String path, Object user) {
		return send("POST", path, user, null, null);
	}

	Response post(String path, Object user, String jsonBody) {
		return send("POST", path, user, jsonBody, "application/json");
	}

	Response delete(String path, Object user) {
		return send("DELETE", path, user, null, null);
	}

	Response send(String method, String path, Object user, String body, String contentType) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(Duration.ofSeconds(10))
			.method(method, (body != null) ? BodyPublishers.ofString(body) : BodyPublishers.noBody());
		if (user != null && this.demo) {
			request.header("X-User-Id", String.valueOf(user));
		}
		else if (user != null) {
			request.header("Authorization", basic(user));
		}
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		try {
			var response = this.client.send(request.build(), BodyHandlers.ofString());
			String text = response.body();
			JsonNode node = (text == null || text.isBlank()) ? null : json.readTree(text);
			return new Response(response.statusCode(), node, response.headers().firstValue("Content-Type").orElse(""));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	static String basic(Object user) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
	}

	/** Status, parsed JSON body (or null) and content type. */
	record Response(int status, JsonNode body, String contentType) {

		@Override
		public String toString() {
			return this.status + " " + this.body;
		}

	}

}
