package io.github.activityrank.sample.forum;

import org.springframework.data.repository.ListCrudRepository;

/**
 * The forum's articles.
 */
public interface ArticleRepository extends ListCrudRepository<Article, Long> {

}
