package io.github.activityrank.sample.forum;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A comment on an article.
 *
 * @param id the generated id, {@code null} before the insert
 * @param articleId the article
 * @param authorId who wrote it
 * @param content the text
 * @param createdAt when it was written
 */
@Table
public record Comment(@Id Long id, Long articleId, Long authorId, String content, Instant createdAt) {

	public Comment withId(Long id) {
		return new Comment(id, this.articleId, this.authorId, this.content, this.createdAt);
	}

}
