package io.github.activityrank.sample;

import java.io.UncheckedIOException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

import io.github.activityrank.Period;
import io.github.activityrank.sample.ForumApi.Response;

/**
 * The soak test's clients: threads that act as forum users over the HTTP API until a
 * deadline, and the log of their successful requests from which each user's expected
 * score is computed without asking the server.
 * <p>
 * Each user belongs to one client thread, as a person uses one browser, so one user's
 * requests happen one after the other; thousands of users act at the same time. The mix:
 * article page views, praise and collect toggles (including repeated "on" clicks that
 * change nothing and a change of mind, on and straight off again), comments and deleting
 * one's own, trying to delete someone else's (403), follow toggles and publishing. The
 * expected score follows the rules of the sample's {@code application.yml}: a page view
 * scores once per article and day, a toggle scores when the response says it changed
 * something and switching it off takes back the points of the record it made (on the day
 * it was made), a comment scores once and deleting it takes its points back.
 */
final class SoakTraffic {

	static final long VIEW = 1;

	static final long PRAISE = 2;

	static final long COLLECT = 2;

	static final long COMMENT = 3;

	static final long PUBLISH = 10;

	static final long FOLLOW = 2;

	/** The sample's seeded articles; published ones are added as they are created. */
	private static final int SEEDED_ARTICLES = 6;

	private final ForumApi api;

	private final int users;

	private final int clients;

	private final long seed;

	private final UserState[] states;

	private final IdPool articles = new IdPool();

	private final IdPool comments = new IdPool();

	private final Figures figures = new Figures();

	private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

	private volatile boolean redisDown;

	/**
	 * Clients for users {@code 1..users}.
	 * @param api the HTTP client
	 * @param users how many users act (they must exist)
	 * @param clients how many client threads
	 * @param seed seed of the random choices
	 */
	SoakTraffic(ForumApi api, int users, int clients, long seed) {
		this.api = api;
		this.users = users;
		this.clients = clients;
		this.seed = seed;
		this.states = new UserState[users + 1];
		for (int id = 1; id <= users; id++) {
			this.states[id] = new UserState(id);
		}
		for (long id = 1; id <= SEEDED_ARTICLES; id++) {
			this.articles.add(id, 0);
		}
	}

	/**
	 * Act until the deadline: the client threads, and one thread that reads the boards
	 * now and then. Returns when all of them have stopped.
	 * @param day the day the application's clock shows during this phase
	 * @param duration how long
	 * @param phase a name for the threads
	 */
	void run(LocalDate day, Duration duration, String phase) {
		long deadline = System.nanoTime() + duration.toNanos();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < this.clients; i++) {
			int client = i;
			SplittableRandom random = new SplittableRandom(this.seed * 31 + phase.hashCode() * 17L + i);
			threads.add(new Thread(() -> act(client, day, deadline, random), "soak-" + phase + "-" + i));
		}
		SplittableRandom readerRandom = new SplittableRandom(this.seed - phase.hashCode());
		threads.add(new Thread(() -> readBoards(deadline, readerRandom), "soak-" + phase + "-boards"));
		threads.forEach(Thread::start);
		for (Thread thread : threads) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	Figures figures() {
		return this.figures;
	}

	/**
	 * Say whether Redis is stopped right now, to count the requests served meanwhile.
	 * @param down whether it is stopped
	 */
	void redisDown(boolean down) {
		this.redisDown = down;
	}

	/**
	 * What went wrong on the client side (unexpected statuses, toggles that disagree with
	 * the log, transport errors), first ones first.
	 * @return descriptions
	 */
	List<String> problems() {
		return List.copyOf(this.problems);
	}

	/**
	 * The points a user should have on a board, summed from the log of successful
	 * requests.
	 * @param userId the user
	 * @param period the board
	 * @param day a day the board covers
	 * @return the expected score
	 */
	long expected(long userId, Period period, LocalDate day) {
		long sum = 0;
		for (LogEntry entry : this.states[(int) userId].log) {
			if (sameBoard(period, entry.day(), day)) {
				sum += entry.points();
			}
		}
		return sum;
	}

	/**
	 * How many successful requests changed a score: the awards and revokes the boards
	 * must show.
	 * @return the count
	 */
	long scoreChanges() {
		long sum = 0;
		for (int id = 1; id <= this.users; id++) {
			sum += this.states[id].log.size();
		}
		return sum;
	}

	/**
	 * The log of one user, for a message when a score differs.
	 * @param userId the user
	 * @return the entries, oldest first
	 */
	List<LogEntry> log(long userId) {
		return List.copyOf(this.states[(int) userId].log);
	}

	private static boolean sameBoard(Period period, LocalDate a, LocalDate b) {
		return switch (period) {
			case DAY -> a.equals(b);
			case WEEK -> a.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
				.equals(b.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)));
			case MONTH -> a.getYear() == b.getYear() && a.getMonth() == b.getMonth();
			case TOTAL -> true;
		};
	}

	private void act(int client, LocalDate day, long deadline, SplittableRandom random) {
		List<UserState> mine = new ArrayList<>();
		for (int id = client + 1; id <= this.users; id += this.clients) {
			mine.add(this.states[id]);
		}
		while (System.nanoTime() - deadline < 0) {
			UserState user = mine.get(random.nextInt(mine.size()));
			try {
				actOnce(user, day, random);
			}
			catch (UncheckedIOException ex) {
				this.figures.transportErrors.increment();
				problem("user " + user.id + ": " + ex.getCause());
			}
		}
	}

	private void actOnce(UserState user, LocalDate day, SplittableRandom random) {
		int dice = random.nextInt(100);
		if (dice < 33) {
			view(user, day, this.articles.pick(random));
		}
		else if (dice < 47) {
			long article = this.articles.pick(random);
			toggle(user, day, "praise", "/api/articles/" + article + "/praise", user.praised, article, PRAISE,
					wantOn(user.praised.containsKey(article), random));
		}
		else if (dice < 55) {
			long article = this.articles.pick(random);
			toggle(user, day, "collect", "/api/articles/" + article + "/collect", user.collected, article, COLLECT,
					wantOn(user.collected.containsKey(article), random));
		}
		else if (dice < 59) {
			// a change of mind: on, and straight off again
			long article = this.articles.pick(random);
			boolean praise = random.nextBoolean();
			String kind = praise ? "praise" : "collect";
			Map<Long, LocalDate> state = praise ? user.praised : user.collected;
			long points = praise ? PRAISE : COLLECT;
			String path = "/api/articles/" + article + "/" + kind;
			toggle(user, day, kind, path, state, article, points, true);
			toggle(user, day, kind, path, state, article, points, false);
		}
		else if (dice < 69) {
			comment(user, day, this.articles.pick(random));
		}
		else if (dice < 73) {
			deleteOwnComment(user, random);
		}
		else if (dice < 74) {
			deleteSomeoneElsesComment(user, random);
		}
		else if (dice < 88) {
			long other = 1 + random.nextInt(this.users - 1);
			long followee = (other >= user.id) ? other + 1 : other;
			toggle(user, day, "follow", "/api/users/" + followee + "/follow", user.following, followee, FOLLOW,
					wantOn(user.following.containsKey(followee), random));
		}
		else if (dice < 90) {
			publish(user, day);
		}
		else {
			view(user, day, this.articles.pick(random));
		}
	}

	/** Mostly switch the state; sometimes repeat it, which must change nothing. */
	private static boolean wantOn(boolean on, SplittableRandom random) {
		return on ? random.nextInt(4) == 0 : random.nextInt(10) != 0;
	}

	private void view(UserState user, LocalDate day, long article) {
		Response response = this.api.get("/api/articles/" + article, user.id);
		if (!expect(response, 200, "view article " + article, user)) {
			return;
		}
		this.figures.views.increment();
		if (user.viewed.add(day + "/" + article)) {
			user.log(day, VIEW, "view " + article);
		}
	}

	private void toggle(UserState user, LocalDate day, String kind, String path, Map<Long, LocalDate> state, long key,
			long points, boolean on) {
		String what = (on ? "" : "un") + kind + " " + key;
		Response response = on ? this.api.post(path, user.id) : this.api.delete(path, user.id);
		if (!expect(response, 200, what, user)) {
			return;
		}
		this.figures.writes.increment();
		boolean active = response.body().get("active").asBoolean();
		boolean changed = response.body().get("changed").asBoolean();
		boolean wasOn = state.containsKey(key);
		if (active != on || changed != (on != wasOn)) {
			this.figures.mismatches.increment();
			problem("user " + user.id + " " + what + ": answer " + response + " but the log says it was "
					+ (wasOn ? "on" : "off"));
			return;
		}
		if (changed && on) {
			state.put(key, day);
			user.log(day, points, what);
		}
		else if (changed) {
			// the revoke takes back the record's points, on the day the record was made
			user.log(state.remove(key), -points, what);
		}
	}

	private void comment(UserState user, LocalDate day, long article) {
		Response response = this.api.post("/api/articles/" + article + "/comments", user.id,
				"{\"content\":\"Soak comment by user " + user.id + "\"}");
		if (!expect(response, 201, "comment on " + article, user)) {
			return;
		}
		this.figures.writes.increment();
		long id = response.body().get("id").asLong();
		user.comments.put(id, day);
		user.commentIds.add(id);
		this.comments.add(id, user.id);
		user.log(day, COMMENT, "comment " + id);
	}

	private void deleteOwnComment(UserState user, SplittableRandom random) {
		if (user.commentIds.isEmpty()) {
			return;
		}
		int index = random.nextInt(user.commentIds.size());
		long id = user.commentIds.get(index);
		Response response = this.api.delete("/api/comments/" + id, user.id);
		if (!expect(response, 204, "delete comment " + id, user)) {
			return;
		}
		this.figures.writes.increment();
		user.commentIds.set(index, user.commentIds.get(user.commentIds.size() - 1));
		user.commentIds.remove(user.commentIds.size() - 1);
		user.log(user.comments.remove(id), -COMMENT, "delete comment " + id);
	}

	/**
	 * Only the author may delete a comment: 403 (or 404 when the author just deleted it),
	 * no points.
	 */
	private void deleteSomeoneElsesComment(UserState user, SplittableRandom random) {
		long[] comment = this.comments.pickEntry(random);
		if (comment == null || comment[1] == user.id) {
			return;
		}
		Response response = this.api.delete("/api/comments/" + comment[0], user.id);
		count(response);
		if (response.status() == 403 || response.status() == 404) {
			this.figures.refused.increment();
		}
		else {
			unexpected(response, "delete someone else's comment " + comment[0], user);
		}
	}

	private void publish(UserState user, LocalDate day) {
		Response response = this.api.post("/api/articles", user.id,
				"{\"title\":\"Soak article by user " + user.id + "\",\"content\":\"Written under load.\"}");
		if (!expect(response, 201, "publish", user)) {
			return;
		}
		this.figures.writes.increment();
		long id = response.body().get("id").asLong();
		this.articles.add(id, user.id);
		user.log(day, PUBLISH, "publish " + id);
	}

	private void readBoards(long deadline, SplittableRandom random) {
		String[] boards = { "day", "week", "month" };
		while (System.nanoTime() - deadline < 0) {
			String board = boards[random.nextInt(boards.length)];
			try {
				Response response = random.nextBoolean() ? this.api.get("/api/rank/" + board + "?size=30")
						: this.api.get("/api/rank/" + board + "/me", 1 + random.nextInt(this.users));
				this.figures.boardReads.increment();
				if (response.status() == 503) {
					this.figures.boardReadsUnavailable.increment();
				}
				else if (response.status() != 200) {
					this.figures.boardReadsOther.increment();
					problem("board read " + board + ": " + response);
				}
			}
			catch (UncheckedIOException ex) {
				this.figures.boardReadsOther.increment();
				problem("board read " + board + ": " + ex.getCause());
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private boolean expect(Response response, int status, String what, UserState user) {
		count(response);
		if (response.status() == status) {
			if (this.redisDown) {
				this.figures.servedWhileRedisDown.increment();
			}
			return true;
		}
		unexpected(response, what, user);
		return false;
	}

	private void count(Response response) {
		this.figures.requests.increment();
		if (response.status() >= 500) {
			this.figures.serverErrors.increment();
		}
	}

	private void unexpected(Response response, String what, UserState user) {
		this.figures.unexpected.increment();
		problem("user " + user.id + " " + what + ": " + response);
	}

	private void problem(String description) {
		if (this.problems.size() < 20) {
			this.problems.add(description);
		}
	}

	/**
	 * One successful request that changed a score.
	 *
	 * @param day the day whose boards the points go to (or are taken from)
	 * @param points the points, negative when taken back
	 * @param what the request
	 */
	record LogEntry(LocalDate day, long points, String what) {
	}

	/** What one user did; touched only by the client thread the user belongs to. */
	private static final class UserState {

		final long id;

		/** Article (or followee) to the day the standing record was made. */
		final Map<Long, LocalDate> praised = new HashMap<>();

		final Map<Long, LocalDate> collected = new HashMap<>();

		final Map<Long, LocalDate> following = new HashMap<>();

		final Set<String> viewed = new HashSet<>();

		final Map<Long, LocalDate> comments = new HashMap<>();

		final List<Long> commentIds = new ArrayList<>();

		final List<LogEntry> log = new ArrayList<>();

		UserState(long id) {
			this.id = id;
		}

		void log(LocalDate day, long points, String what) {
			this.log.add(new LogEntry(day, points, what));
		}

	}

	/** Ids (with their owner) that any client may pick at random. */
	private static final class IdPool {

		private long[] ids = new long[1024];

		private long[] owners = new long[1024];

		private int size;

		synchronized void add(long id, long owner) {
			if (this.size == this.ids.length) {
				this.ids = Arrays.copyOf(this.ids, this.size * 2);
				this.owners = Arrays.copyOf(this.owners, this.size * 2);
			}
			this.ids[this.size] = id;
			this.owners[this.size] = owner;
			this.size++;
		}

		synchronized long pick(SplittableRandom random) {
			return this.ids[random.nextInt(this.size)];
		}

		synchronized long[] pickEntry(SplittableRandom random) {
			if (this.size == 0) {
				return null;
			}
			int index = random.nextInt(this.size);
			return new long[] { this.ids[index], this.owners[index] };
		}

	}

	/** Running totals of the clients. */
	static final class Figures {

		/** HTTP requests of the clients (board reads apart). */
		final LongAdder requests = new LongAdder();

		/** Successful writes: toggles, comments, deletes, publishing. */
		final LongAdder writes = new LongAdder();

		/** Successful article page views. */
		final LongAdder views = new LongAdder();

		/** Deletes of someone else's comment, refused as they must be. */
		final LongAdder refused = new LongAdder();

		/** Successful page views and writes answered while Redis was stopped. */
		final LongAdder servedWhileRedisDown = new LongAdder();

		/** Answers 500 and above. */
		final LongAdder serverErrors = new LongAdder();

		/** Answers other than the one expected (5xx included). */
		final LongAdder unexpected = new LongAdder();

		/** Toggle answers that disagree with the client's log. */
		final LongAdder mismatches = new LongAdder();

		/** Requests that got no answer (refused connection, timeout). */
		final LongAdder transportErrors = new LongAdder();

		final LongAdder boardReads = new LongAdder();

		/** Board reads answered 503: Redis was not answering. */
		final LongAdder boardReadsUnavailable = new LongAdder();

		/** Board reads answered neither 200 nor 503, or not at all. */
		final LongAdder boardReadsOther = new LongAdder();

	}

}
