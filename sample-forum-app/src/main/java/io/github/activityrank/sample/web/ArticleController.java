package io.github.activityrank.sample.web;

import java.util.List;

import io.github.activityrank.sample.forum.Article;
import io.github.activityrank.sample.forum.ForumService;
import io.github.activityrank.sample.forum.ForumService.ArticleDetail;
import io.github.activityrank.sample.forum.ForumService.ArticleSummary;
import io.github.activityrank.sample.forum.ForumService.CommentView;
import io.github.activityrank.sample.forum.InvalidRequestException;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Articles, their praise, collect and comments. Writes act as the {@code X-User-Id} user.
 */
@RestController
@RequestMapping("/api")
class ArticleController {

	private final ForumService forum;

	ArticleController(ForumService forum) {
		this.forum = forum;
	}

	/** The article list; with an acting user, what they praised and collected. */
	@GetMapping("/articles")
	List<ArticleSummary> list(@Nullable Actor actor) {
		return this.forum.listArticles((actor != null) ? actor.id() : null);
	}

	/** An article page: a page view for the acting user, if any. */
	@GetMapping("/articles/{id}")
	ArticleDetail read(@PathVariable long id, @Nullable Actor actor) {
		return this.forum.readArticle(id, (actor != null) ? actor.id() : null);
	}

	@PostMapping("/articles")
	@ResponseStatus(HttpStatus.CREATED)
	Article publish(Actor actor, @RequestBody NewArticle body) {
		String title = required(body.title(), "title", 200);
		String content = required(body.content(), "content", 20_000);
		return this.forum.publish(actor.id(), title, content);
	}

	@PostMapping("/articles/{id}/praise")
	Toggle praise(@PathVariable long id, Actor actor) {
		return new Toggle(true, this.forum.setPraise(actor.id(), id, true));
	}

	@DeleteMapping("/articles/{id}/praise")
	Toggle unpraise(@PathVariable long id, Actor actor) {
		return new Toggle(false, this.forum.setPraise(actor.id(), id, false));
	}

	@PostMapping("/articles/{id}/collect")
	Toggle collect(@PathVariable long id, Actor actor) {
		return new Toggle(true, this.forum.setCollect(actor.id(), id, true));
	}

	@DeleteMapping("/articles/{id}/collect")
	Toggle uncollect(@PathVariable long id, Actor actor) {
		return new Toggle(false, this.forum.setCollect(actor.id(), id, false));
	}

	@PostMapping("/articles/{id}/comments")
	@ResponseStatus(HttpStatus.CREATED)
	CommentView comment(@PathVariable long id, Actor actor, @RequestBody NewComment body) {
		return this.forum.comment(actor.id(), id, required(body.content(), "content", 2_000));
	}

	@DeleteMapping("/comments/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void deleteComment(@PathVariable long id, Actor actor) {
		this.forum.deleteComment(actor.id(), id);
	}

	static String required(@Nullable String value, String name, int maxLength) {
		if (value == null || value.isBlank()) {
			throw new InvalidRequestException("'" + name + "' is required");
		}
		if (value.length() > maxLength) {
			throw new InvalidRequestException("'" + name + "' is longer than " + maxLength + " characters");
		}
		return value.strip();
	}

	/**
	 * The body of {@code POST /api/articles}.
	 *
	 * @param title the title
	 * @param content the text
	 */
	record NewArticle(@Nullable String title, @Nullable String content) {
	}

	/**
	 * The body of {@code POST /api/articles/{id}/comments}.
	 *
	 * @param content the text
	 */
	record NewComment(@Nullable String content) {
	}

	/**
	 * The answer to a praise, collect or follow toggle.
	 *
	 * @param active the state now
	 * @param changed whether this request changed it (and so the score)
	 */
	record Toggle(boolean active, boolean changed) {
	}

}
