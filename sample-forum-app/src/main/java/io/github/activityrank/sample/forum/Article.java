package io.github.activityrank.sample.forum;

import java.time.Instant;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A published article.
 *
 * @param id the generated id, {@code null} before the insert
 * @param authorId the author
 * @param title the title
 * @param content the text
 * @param createdAt when it was published
 */
@Table
public record Article(@Id Long id, Long authorId, String title, String content, Instant createdAt) {

	public Article withId(Long id) {
		return new Article(id, this.authorId, this.title, this.content, this.createdAt);
	}

}
