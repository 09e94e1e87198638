package io.github.activityrank.sample.forum;

import java.util.List;

import org.springframework.data.repository.ListCrudRepository;

/**
 * Comments on articles.
 */
public interface CommentRepository extends ListCrudRepository<Comment, Long> {

	/**
	 * The comments of one article, oldest first.
	 * @param articleId the article
	 * @return the comments
	 */
	List<Comment> findByArticleIdOrderByIdAsc(Long articleId);

}
