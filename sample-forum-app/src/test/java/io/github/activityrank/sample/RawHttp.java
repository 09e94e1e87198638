package io.github.activityrank.sample;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP/1.1 over a plain socket, for requests that well-behaved clients refuse to send:
 * malformed escapes in the request target, control characters and raw UTF-8 in headers,
 * duplicated headers, oversized headers. One request per connection
 * ({@code Connection: close}).
 */
final class RawHttp {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final int port;

	RawHttp(int port) {
		this.port = port;
	}

	/**
	 * Send one request.
	 * @param method the method, as sent
	 * @param target the request target, as sent (no encoding is applied)
	 * @param headers header lines such as {@code X-User-Id: 3}, sent as UTF-8
	 * @param body the body, or {@code null}; {@code Content-Length} is added for it
	 * @return the response
	 */
	Response send(String method, String target, List<String> headers, byte[] body) {
		ByteArrayOutputStream request = new ByteArrayOutputStream();
		write(request, method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
		for (String header : headers) {
			write(request, header + "\r\n");
		}
		if (body != null) {
			write(request, "Content-Length: " + body.length + "\r\n");
		}
		write(request, "\r\n");
		if (body != null) {
			request.writeBytes(body);
		}
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(15_000);
			socket.getOutputStream().write(request.toByteArray());
			socket.getOutputStream().flush();
			return parse(socket.getInputStream().readAllBytes());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(method + " " + abbreviate(target) + " failed", ex);
		}
	}

	private static Response parse(byte[] raw) {
		String text = new String(raw, StandardCharsets.ISO_8859_1);
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			throw new IllegalStateException("No complete response: " + abbreviate(text));
		}
		String[] head = text.substring(0, end).split("\r\n");
		int status = Integer.parseInt(head[0].split(" ")[1]);
		String contentType = "";
		boolean chunked = false;
		for (int i = 1; i < head.length; i++) {
			String line = head[i].toLowerCase(Locale.ROOT);
			if (line.startsWith("content-type:")) {
				contentType = head[i].substring("content-type:".length()).trim();
			}
			else if (line.startsWith("transfer-encoding:") && line.contains("chunked")) {
				chunked = true;
			}
		}
		byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
		if (chunked) {
			body = dechunk(body);
		}
		String bodyText = new String(body, StandardCharsets.UTF_8);
		JsonNode node = null;
		if (contentType.startsWith("application/json") && !bodyText.isBlank()) {
			node = json.readTree(bodyText);
		}
		return new Response(status, contentType, node, bodyText);
	}

	private static byte[] dechunk(byte[] chunked) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		int i = 0;
		while (i < chunked.length) {
			int lineEnd = indexOfCrLf(chunked, i);
			int size = Integer
				.parseInt(new String(chunked, i, lineEnd - i, StandardCharsets.ISO_8859_1).split(";")[0].trim(), 16);
			if (size == 0) {
				break;
			}
			out.write(chunked, lineEnd + 2, size);
			i = lineEnd + 2 + size + 2;
		}
		return out.toByteArray();
	}

	private static int indexOfCrLf(byte[] bytes, int from) {
		for (int i = from; i < bytes.length - 1; i++) {
			if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
				return i;
			}
		}
		throw new IllegalStateException("Malformed chunked body");
	}

	private static void write(ByteArrayOutputStream out, String text) {
		out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
	}

	static String abbreviate(String text) {
		String printable = text.replace("\r", "\\r").replace("\n", "\\n").replace("\u0000", "\\0");
		return (printable.length() <= 80) ? printable : printable.substring(0, 80) + "...(" + text.length() + " chars)";
	}

	/**
	 * A response.
	 *
	 * @param status the status code
	 * @param contentType the Content-Type header, empty when there is none
	 * @param json the body parsed as JSON, or {@code null} when it is not JSON
	 * @param body the body as text
	 */
	record Response(int status, String contentType, JsonNode json, String body) {

		@Override
		public String toString() {
			return this.status + " " + this.contentType + " " + abbreviate(this.body);
		}

	}

}
