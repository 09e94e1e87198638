package io.github.activityrank.sample.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

import org.springframework.http.HttpStatus;

/**
 * Tomcat's error report, as JSON: requests that Tomcat itself refuses before the
 * application sees them (a header over {@code server.max-http-request-header-size}, more
 * than 100 headers or 1,000 parameters, {@code %00} or an encoded {@code /} in the path,
 * a malformed escape) get the same {@code {"status", "error", "message"}} body as the
 * API's own errors instead of an HTML page. Public with a no-argument constructor because
 * Tomcat's host names its error valve by class.
 */
public class JsonErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		HttpStatus known = HttpStatus.resolve(status);
		String error = (known != null) ? known.getReasonPhrase() : "Error";
		String message = (status < 500) ? "The web server refused the request before the application saw it (" + error
				+ "); check the request line, the headers and their sizes" : "Something went wrong on our side";
		String body = "{\"status\":" + status + ",\"error\":\"" + error + "\",\"message\":\"" + message + "\"}";
		try {
			response.setContentType("application/json");
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(body);
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the client is gone or the response cannot be written: nothing more to do
		}
	}

}
