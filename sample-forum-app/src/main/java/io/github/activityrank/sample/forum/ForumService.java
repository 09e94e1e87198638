package io.github.activityrank.sample.forum;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.activityrank.ActivityScore;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What members do on the forum. Scoring is declared, not coded: each
 * {@link ActivityScore} names a rule from {@code application.yml}, the user who earns the
 * points and the idempotency field, and the starter awards (or takes back) the points
 * after the transaction commits. Toggles award only when they change something
 * ({@code condition = "#result"}), so praising twice scores once. Page views, praise and
 * comments also name the article ({@code itemType}, {@code item}): the same award gives
 * it its points on the article boards ({@code activity-rank.items.article}).
 */
@Service
@Transactional
public class ForumService {

	private final UserRepository users;

	private final ArticleRepository articles;

	private final CommentRepository comments;

	private final JdbcClient jdbc;

	private final Clock clock;

	public ForumService(UserRepository users, ArticleRepository articles, CommentRepository comments, JdbcClient jdbc) {
		this.users = users;
		this.articles = articles;
		this.comments = comments;
		this.jdbc = jdbc;
		this.clock = Clock.systemUTC();
	}

	/**
	 * Every article, newest first, with its counters.
	 * @return the articles
	 */
	@Transactional(readOnly = true)
	public List<ArticleSummary> listArticles() {
		return listArticles(null);
	}

	/**
	 * Every article, newest first, with its counters and what the viewer did to each.
	 * @param viewerId the acting user, or {@code null}
	 * @return the articles
	 */
	@Transactional(readOnly = true)
	public List<ArticleSummary> listArticles(@Nullable Long viewerId) {
		List<ArticleRow> rows = this.jdbc.sql("""
				SELECT a.id, a.author_id, a.title, a.created_at,
				       (SELECT COUNT(*) FROM praise p WHERE p.article_id = a.id) AS praises,
				       (SELECT COUNT(*) FROM collect c WHERE c.article_id = a.id) AS collects,
				       (SELECT COUNT(*) FROM comment m WHERE m.article_id = a.id) AS comments
				FROM article a ORDER BY a.id DESC""")
			.query((rs, n) -> new ArticleRow(rs.getLong("id"), rs.getLong("author_id"), rs.getString("title"),
					rs.getTimestamp("created_at").toInstant(), rs.getLong("praises"), rs.getLong("collects"),
					rs.getLong("comments")))
			.list();
		Map<Long, User> authors = usersById(rows.stream().map(ArticleRow::authorId).toList());
		Set<Long> praised = (viewerId != null) ? articlesOf("praise", viewerId) : Set.of();
		Set<Long> collected = (viewerId != null) ? articlesOf("collect", viewerId) : Set.of();
		return rows.stream()
			.map((row) -> new ArticleSummary(row.id(), row.title(), authors.get(row.authorId()), row.createdAt(),
					row.praises(), row.collects(), row.comments(), praised.contains(row.id()),
					collected.contains(row.id())))
			.toList();
	}

	/**
	 * Open an article page. A signed-in viewer earns the page-view points once per
	 * article per day.
	 * @param articleId the article
	 * @param viewerId the acting user, or {@code null} for an anonymous visitor
	 * @return the article with its comments and what the viewer did to it
	 */
	@Transactional(readOnly = true)
	@ActivityScore(rule = "page-view", user = "#viewerId", field = "'page:/articles/' + #articleId",
			itemType = "article", item = "#articleId", condition = "#viewerId != null", scope = "category",
			scopeId = "T(io.github.activityrank.sample.forum.Categories).of(#articleId)")
	public ArticleDetail readArticle(long articleId, @Nullable Long viewerId) {
		Article article = requireArticle(articleId);
		List<Comment> list = this.comments.findByArticleIdOrderByIdAsc(articleId);
		Map<Long, User> people = usersById(
				Stream.concat(Stream.of(article.authorId()), list.stream().map(Comment::authorId)).toList());
		List<CommentView> commentViews = list.stream()
			.map((c) -> new CommentView(c.id(), c.articleId(), people.get(c.authorId()), c.content(), c.createdAt()))
			.toList();
		boolean praised = viewerId != null && exists("praise", viewerId, articleId);
		boolean collected = viewerId != null && exists("collect", viewerId, articleId);
		boolean following = viewerId != null && isFollowing(viewerId, article.authorId());
		return new ArticleDetail(article.id(), article.title(), article.content(), people.get(article.authorId()),
				article.createdAt(), count("praise", articleId), count("collect", articleId), commentViews, praised,
				collected, following);
	}

	/**
	 * Publish an article: +10 for the author.
	 * @param authorId the acting user
	 * @param title the title
	 * @param content the text
	 * @return the stored article
	 */
	@ActivityScore(rule = "publish", user = "#authorId", field = "'article:' + #result.id()", scope = "category",
			scopeId = "T(io.github.activityrank.sample.forum.Categories).of(#result.id())")
	public Article publish(long authorId, String title, String content) {
		return this.articles.save(new Article(null, authorId, title, content, this.clock.instant()));
	}

	/**
	 * Praise an article or take the praise back: +2, or the points given back.
	 * @param userId the acting user
	 * @param articleId the article
	 * @param praise {@code true} to praise, {@code false} to cancel
	 * @return whether anything changed
	 */
	@ActivityScore(rule = "praise", user = "#userId", field = "#articleId + '_praise'", revoke = "!#praise",
			itemType = "article", item = "#articleId", condition = "#result", scope = "category",
			scopeId = "T(io.github.activityrank.sample.forum.Categories).of(#articleId)")
	public boolean setPraise(long userId, long articleId, boolean praise) {
		requireArticle(articleId);
		return toggle("praise", userId, articleId, praise);
	}

	/**
	 * Collect (bookmark) an article or cancel it: +2, or the points given back.
	 * @param userId the acting user
	 * @param articleId the article
	 * @param collect {@code true} to collect, {@code false} to cancel
	 * @return whether anything changed
	 */
	@ActivityScore(rule = "collect", user = "#userId", field = "#articleId + '_collect'", revoke = "!#collect",
			condition = "#result")
	public boolean setCollect(long userId, long articleId, boolean collect) {
		requireArticle(articleId);
		return toggle("collect", userId, articleId, collect);
	}

	/**
	 * Comment on an article: +3 per comment.
	 * @param userId the acting user
	 * @param articleId the article
	 * @param content the text
	 * @return the stored comment
	 */
	@ActivityScore(rule = "comment", user = "#userId", field = "'comment:' + #result.id()", itemType = "article",
			item = "#articleId", scope = "category",
			scopeId = "T(io.github.activityrank.sample.forum.Categories).of(#articleId)")
	public CommentView comment(long userId, long articleId, String content) {
		requireArticle(articleId);
		Comment comment = this.comments.save(new Comment(null, articleId, userId, content, this.clock.instant()));
		return new CommentView(comment.id(), articleId, this.users.findById(userId).orElse(null), content,
				comment.createdAt());
	}

	/**
	 * Delete one's own comment: its 3 points are taken back.
	 * @param userId the acting user, who must be the author
	 * @param commentId the comment
	 */
	@ActivityScore(rule = "comment", user = "#userId", field = "'comment:' + #commentId", revoke = "true")
	public void deleteComment(long userId, long commentId) {
		Comment comment = this.comments.findById(commentId)
			.orElseThrow(() -> new NotFoundException("No comment " + commentId));
		if (comment.authorId() != userId) {
			throw new ForbiddenException("Only the author of comment " + commentId + " may delete it");
		}
		this.comments.delete(comment);
	}

	/**
	 * Follow another user or stop following: +2, or the points given back.
	 * @param followerId the acting user
	 * @param followeeId the user to follow
	 * @param follow {@code true} to follow, {@code false} to unfollow
	 * @return whether anything changed
	 */
	@ActivityScore(rule = "follow", user = "#followerId", field = "'user:' + #followeeId + '_follow'",
			revoke = "!#follow", condition = "#result")
	public boolean setFollow(long followerId, long followeeId, boolean follow) {
		requireUser(followeeId);
		if (followerId == followeeId) {
			throw new InvalidRequestException("Users cannot follow themselves");
		}
		if (follow) {
			return insertPair(
					"INSERT INTO follow (follower_id, followee_id) SELECT :a, :b WHERE NOT EXISTS "
							+ "(SELECT 1 FROM follow WHERE follower_id = :a AND followee_id = :b)",
					followerId, followeeId);
		}
		return this.jdbc.sql("DELETE FROM follow WHERE follower_id = :a AND followee_id = :b")
			.param("a", followerId)
			.param("b", followeeId)
			.update() > 0;
	}

	/**
	 * A user, or an exception that becomes a 404.
	 * @param userId the id
	 * @return the user
	 */
	@Transactional(readOnly = true)
	public User requireUser(long userId) {
		return this.users.findById(userId).orElseThrow(() -> new NotFoundException("No user " + userId));
	}

	/**
	 * Every user, by id.
	 * @return the users
	 */
	@Transactional(readOnly = true)
	public List<User> listUsers() {
		return this.users.findAllByOrderByIdAsc();
	}

	/**
	 * Whom a user follows, by id: at most {@code limit} of them, lowest ids first.
	 * @param followerId the user
	 * @param limit the most ids to return
	 * @return the followees' ids
	 */
	@Transactional(readOnly = true)
	public List<Long> followees(long followerId, int limit) {
		return this.jdbc
			.sql("SELECT followee_id FROM follow WHERE follower_id = :a ORDER BY followee_id FETCH FIRST :n ROWS ONLY")
			.param("a", followerId)
			.param("n", limit)
			.query(Long.class)
			.list();
	}

	/**
	 * Users by id, in one query.
	 * @param ids the ids
	 * @return the users found
	 */
	@Transactional(readOnly = true)
	public Map<Long, User> usersById(Collection<Long> ids) {
		if (ids.isEmpty()) {
			return Map.of();
		}
		return this.users.findByIdIn(ids.stream().distinct().toList())
			.stream()
			.collect(Collectors.toMap(User::id, Function.identity()));
	}

	private Article requireArticle(long articleId) {
		return this.articles.findById(articleId).orElseThrow(() -> new NotFoundException("No article " + articleId));
	}

	private boolean toggle(String table, long userId, long articleId, boolean on) {
		if (on) {
			return insertPair(
					"INSERT INTO " + table + " (user_id, article_id) SELECT :a, :b WHERE NOT EXISTS "
							+ "(SELECT 1 FROM " + table + " WHERE user_id = :a AND article_id = :b)",
					userId, articleId);
		}
		return this.jdbc.sql("DELETE FROM " + table + " WHERE user_id = :a AND article_id = :b")
			.param("a", userId)
			.param("b", articleId)
			.update() > 0;
	}

	private boolean insertPair(String sql, long a, long b) {
		try {
			return this.jdbc.sql(sql).param("a", a).param("b", b).update() > 0;
		}
		catch (DuplicateKeyException ex) {
			return false; // a concurrent request got there first
		}
	}

	private Set<Long> articlesOf(String table, long userId) {
		return new HashSet<>(this.jdbc.sql("SELECT article_id FROM " + table + " WHERE user_id = :a")
			.param("a", userId)
			.query(Long.class)
			.list());
	}

	private boolean exists(String table, long userId, long articleId) {
		return this.jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE user_id = :a AND article_id = :b")
			.param("a", userId)
			.param("b", articleId)
			.query(Long.class)
			.single() > 0;
	}

	private boolean isFollowing(long followerId, long followeeId) {
		return this.jdbc.sql("SELECT COUNT(*) FROM follow WHERE follower_id = :a AND followee_id = :b")
			.param("a", followerId)
			.param("b", followeeId)
			.query(Long.class)
			.single() > 0;
	}

	private long count(String table, long articleId) {
		return this.jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE article_id = :a")
			.param("a", articleId)
			.query(Long.class)
			.single();
	}

	private record ArticleRow(long id, long authorId, String title, Instant createdAt, long praises, long collects,
			long comments) {
	}

	/**
	 * An article in the list.
	 *
	 * @param id the id
	 * @param title the title
	 * @param author the author
	 * @param createdAt when it was published
	 * @param praises how many users praise it
	 * @param collects how many users collected it
	 * @param comments how many comments it has
	 * @param praised whether the viewer praises it
	 * @param collected whether the viewer collected it
	 */
	public record ArticleSummary(long id, String title, User author, Instant createdAt, long praises, long collects,
			long comments, boolean praised, boolean collected) {
	}

	/**
	 * An article page.
	 *
	 * @param id the id
	 * @param title the title
	 * @param content the text
	 * @param author the author
	 * @param createdAt when it was published
	 * @param praises how many users praise it
	 * @param collects how many users collected it
	 * @param comments the comments, oldest first
	 * @param praised whether the viewer praises it
	 * @param collected whether the viewer collected it
	 * @param followingAuthor whether the viewer follows the author
	 */
	public record ArticleDetail(long id, String title, String content, User author, Instant createdAt, long praises,
			long collects, List<CommentView> comments, boolean praised, boolean collected, boolean followingAuthor) {
	}

	/**
	 * A comment as the API shows it.
	 *
	 * @param id the id
	 * @param articleId the article
	 * @param author who wrote it
	 * @param content the text
	 * @param createdAt when it was written
	 */
	public record CommentView(long id, long articleId, User author, String content, Instant createdAt) {
	}

}
