package io.github.activityrank.sample.web;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.activityrank.engine.TransientFailurePolicy;
import io.github.activityrank.sample.forum.ConflictException;
import io.github.activityrank.sample.forum.ForbiddenException;
import io.github.activityrank.sample.forum.InvalidRequestException;
import io.github.activityrank.sample.forum.NotFoundException;
import io.github.activityrank.sample.web.ActorArgumentResolver.MalformedActorException;
import io.github.activityrank.sample.web.ActorArgumentResolver.UnauthorizedException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.tomcat.util.http.InvalidParameterException;

import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Every failure becomes a JSON body {@code {"status", "error", "message"}}: bad input is
 * a 4xx that says what to change, never a 500.
 */
@RestControllerAdvice
class ApiExceptionHandler {

	private static final Log logger = LogFactory.getLog(ApiExceptionHandler.class);

	private final TransientFailurePolicy failures;

	ApiExceptionHandler(TransientFailurePolicy failures) {
		this.failures = failures;
	}

	@ExceptionHandler(UnauthorizedException.class)
	ResponseEntity<Map<String, Object>> unauthorized(UnauthorizedException ex) {
		return error(HttpStatus.UNAUTHORIZED, ex.getMessage());
	}

	@ExceptionHandler(ForbiddenException.class)
	ResponseEntity<Map<String, Object>> forbidden(ForbiddenException ex) {
		return error(HttpStatus.FORBIDDEN, ex.getMessage());
	}

	@ExceptionHandler(ConflictException.class)
	ResponseEntity<Map<String, Object>> conflict(ConflictException ex) {
		return error(HttpStatus.CONFLICT, ex.getMessage());
	}

	@ExceptionHandler(NotFoundException.class)
	ResponseEntity<Map<String, Object>> notFound(NotFoundException ex) {
		return error(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	@ExceptionHandler({ MalformedActorException.class, InvalidRequestException.class, IllegalArgumentException.class })
	ResponseEntity<Map<String, Object>> badRequest(RuntimeException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	/**
	 * Spring Security's firewall refused a header or parameter value the handler read.
	 */
	@ExceptionHandler(RequestRejectedException.class)
	ResponseEntity<Map<String, Object>> rejected(RequestRejectedException ex) {
		return error(HttpStatus.BAD_REQUEST, "The request was refused: " + ex.getMessage());
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	ResponseEntity<Map<String, Object>> unreadable(HttpMessageNotReadableException ex) {
		return error(HttpStatus.BAD_REQUEST, "The request body is missing or is not the JSON this endpoint expects");
	}

	/**
	 * Tomcat could not decode the query string (a bad {@code %} escape such as
	 * {@code ?size=%ZZ}, or too many parameters): the client's mistake, not ours.
	 */
	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<Map<String, Object>> invalidParameters(InvalidParameterException ex) {
		int code = ex.getErrorCode();
		HttpStatusCode status = (code >= 400 && code < 500) ? HttpStatusCode.valueOf(code) : HttpStatus.BAD_REQUEST;
		return error(status,
				"The query parameters cannot be decoded; percent-encode them as UTF-8 (%XX with two hex digits)");
	}

	@ExceptionHandler(TypeMismatchException.class)
	ResponseEntity<Map<String, Object>> typeMismatch(TypeMismatchException ex) {
		String name = (ex.getPropertyName() != null) ? ex.getPropertyName() : "a parameter";
		return error(HttpStatus.BAD_REQUEST, "'" + ex.getValue() + "' is not a valid value for " + name);
	}

	/**
	 * Any other failure: Spring MVC's own know their status; one the starter's failure
	 * policy calls transient (Redis or the database not answering, a connection lost
	 * while a command waited, a server loading or failing over) leaves the boards
	 * unavailable, not broken; anything else is ours.
	 */
	@ExceptionHandler(Exception.class)
	ResponseEntity<Map<String, Object>> other(Exception ex) {
		if (ex instanceof ErrorResponse response) {
			String detail = response.getBody().getDetail();
			return error(response.getStatusCode(), (detail != null) ? detail : ex.getMessage());
		}
		if (this.failures.isTransient(ex)) {
			logger.warn("Data store unavailable: " + ex.getMessage());
			return error(HttpStatus.SERVICE_UNAVAILABLE,
					"The leaderboards are unavailable right now; try again shortly");
		}
		logger.error("Request failed", ex);
		return error(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong on our side");
	}

	static ResponseEntity<Map<String, Object>> error(HttpStatusCode status, String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("status", status.value());
		HttpStatus known = HttpStatus.resolve(status.value());
		body.put("error", (known != null) ? known.getReasonPhrase() : "Error");
		body.put("message", message);
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
	}

}
