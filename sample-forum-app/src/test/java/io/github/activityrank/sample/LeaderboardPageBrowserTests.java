package io.github.activityrank.sample;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.github.activityrank.ActivityRankAdmin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leaderboard page in a real headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, which the build installs when missing): a visitor picks who
 * they are, clicks praise and sees their score and rank change; another sees their week,
 * the chart of their last 14 days and the board of the people they follow, and joins the
 * month's writing challenge and sees their article count on its board; a fourth checks in
 * and sees their streak and today on the calendar, praises an article and sees it hot,
 * opens one and is counted among its readers, and sees the active users in the header and
 * themselves on the streak board. Awards run in the background as in production; the
 * page's own refresh shows them. Without a runnable Chromium this test fails; it is never
 * skipped. The praise test shows a tie sharing a rank, so the class sets
 * {@code tie-break: none} and competition ranks instead of the sample's {@code earliest}.
 * <p>
 * Under the {@code demo} profile, where {@code X-User-Id} names the acting user
 * ({@code SecuritySampleTests} covers logging in).
 */
@ActiveProfiles("demo")
@SampleAppTest(properties = { "activity-rank.tie-break=none", "activity-rank.ranking=competition" })
class LeaderboardPageBrowserTests {

	static final String CHROMIUM = System.getProperty("e2e.chromium", "/usr/bin/chromium");

	static final String CHROMEDRIVER = System.getProperty("e2e.chromedriver", "/usr/bin/chromedriver");

	@LocalServerPort
	int port;

	WebDriver browser;

	WebDriverWait wait;

	Path profile;

	@Autowired
	ActivityRankAdmin admin;

	/**
	 * Each test starts on empty boards: the tests rank different users, and neither may
	 * see the other's points.
	 */
	@BeforeEach
	void emptyBoards() {
		assertThat(this.admin.awaitApplied(Duration.ofSeconds(10))).as("earlier awards applied").isTrue();
		RedisForTests.deleteKeys(RedisForTests.prefix(getClass()));
	}

	@BeforeEach
	void openBrowser() throws Exception {
		assertThat(new File(CHROMIUM).canExecute()).as("%s runs (apt-get install chromium)", CHROMIUM).isTrue();
		assertThat(new File(CHROMEDRIVER).canExecute()).as("%s runs (apt-get install chromium-driver)", CHROMEDRIVER)
			.isTrue();
		this.profile = Files.createTempDirectory("chromium-e2e");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM);
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
				"--disable-sync", "--window-size=1280,900", "--user-data-dir=" + this.profile);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
			.usingAnyFreePort()
			.build();
		this.browser = new ChromeDriver(service, options);
	}

	@AfterEach
	void closeBrowser() {
		if (this.browser != null) {
			this.browser.quit();
		}
	}

	@Test
	void praisingAsAUserRaisesTheirScoreAndRankOnThePage() {
		// others are already on the board: Ada 10 (published), Alan 2 (praise)
		ForumApi api = ForumApi.demo(this.port);
		assertThat(api.post("/api/articles", 1, "{\"title\":\"Hello\",\"content\":\"First post\"}").status())
			.isEqualTo(201);
		assertThat(api.post("/api/articles/1/praise", 2).status()).isEqualTo(200);

		this.browser.get("http://localhost:" + this.port + "/");
		this.wait = new WebDriverWait(this.browser, Duration.ofSeconds(20));
		this.wait.ignoring(StaleElementReferenceException.class).ignoring(NoSuchElementException.class);
		awaitText("body[data-ready='true'] #me-name", "Ada Lovelace");
		awaitText("#board tr[data-user-id='1'] .score", "10");

		new Select(this.browser.findElement(By.id("who"))).selectByValue("5");
		awaitText("#me-name", "Barbara Liskov");
		awaitText("#me-rank", "–");
		awaitText("#me-score", "0");

		click(".article[data-article-id='3'] button.praise");

		// Barbara ties with Alan on 2 points: both rank 2, behind Ada
		awaitText("#me-score", "2");
		awaitText("#me-rank", "2");
		awaitText("#board tr[data-user-id='5'] .score", "2");
		awaitText("#board tr[data-user-id='5'] .badge", "2");
		awaitText("#board tr[data-user-id='2'] .badge", "2");
		awaitText("#board tr[data-user-id='1'] .badge", "1");
		this.wait.until((driver) -> driver.findElement(By.cssSelector("#board tr[data-user-id='5']"))
			.getAttribute("class")
			.contains("mine"));
		this.wait.until((driver) -> driver.findElement(By.cssSelector(".article[data-article-id='3'] button.praise"))
			.getAttribute("class")
			.contains("on"));

		// cancelling the praise takes the points back
		click(".article[data-article-id='3'] button.praise");
		awaitText("#me-score", "0");
		awaitText("#me-rank", "–");
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#board tr[data-user-id='5']")).isEmpty());
	}

	@Test
	void myWeekTheChartAndTheFollowingBoardShowWhatIDid() {
		// Ken leads the forum; Grace follows Edsger and Donald, and comments once
		ForumApi api = ForumApi.demo(this.port);
		for (int i = 0; i < 2; i++) {
			assertThat(api.post("/api/articles", 8, "{\"title\":\"Unix\",\"content\":\"Pipes\"}").status())
				.isEqualTo(201);
		}
		assertThat(api.post("/api/articles", 4, "{\"title\":\"EWD\",\"content\":\"Notes\"}").status()).isEqualTo(201);
		assertThat(api.post("/api/articles/1/praise", 6).status()).isEqualTo(200);
		assertThat(api.post("/api/users/4/follow", 3).status()).isEqualTo(200);
		assertThat(api.post("/api/users/6/follow", 3).status()).isEqualTo(200);
		assertThat(api.post("/api/articles/2/comments", 3, "{\"content\":\"Indeed\"}").status()).isEqualTo(201);

		openPageAs("3", "Grace Hopper");

		// my week: 7 points, per rule under the page's labels
		awaitText("#week-points", "7");
		awaitText("#week-rules li[data-rule='follow'] .n", "2");
		awaitText("#week-rules li[data-rule='comment'] .n", "1");
		assertThat(text("#week-rules li[data-rule='follow']")).contains("users followed");

		// the chart: 14 days, today's bar holds today's 7 points
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#chart rect[data-day]")).size() == 14);
		awaitAttribute("#chart rect.today", "data-points", "7");
		assertThat(this.browser.findElements(By.cssSelector("#chart rect.zero"))).hasSize(13);

		// everyone: Ken first; following: Edsger, Grace and Donald ranked 1 to 3, no Ken
		awaitText("#board tr[data-user-id='8'] .badge", "1");
		click(".tab[data-scope='following']");
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#board tr[data-user-id='8']")).isEmpty());
		awaitText("#board tr[data-user-id='4'] .badge", "1");
		awaitText("#board tr[data-user-id='3'] .badge", "2");
		awaitText("#board tr[data-user-id='6'] .badge", "3");
		this.wait.until((driver) -> driver.findElement(By.cssSelector("#board tr[data-user-id='3']"))
			.getAttribute("class")
			.contains("mine"));
		assertThat(this.browser.findElements(By.cssSelector("#board tbody tr"))).hasSize(3);

		// another user who follows nobody and has no points: an empty board that says why
		new Select(this.browser.findElement(By.id("who"))).selectByValue("11");
		awaitText("#me-name", "Radia Perlman");
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#board tbody tr")).isEmpty());
		this.wait.until((driver) -> driver.findElement(By.id("board-empty")).isDisplayed());
		awaitText("#week-points", "0");
	}

	@Test
	void joiningTheMonthlyChallengeShowsWhatCountsOnItsBoard() {
		openPageAs("3", "Grace Hopper");
		click(".tab[data-scope='challenge']");
		this.wait.until((driver) -> driver.findElement(By.id("challenge-bar")).isDisplayed());
		this.wait
			.until((driver) -> driver.findElement(By.id("challenge-title")).getText().endsWith("writing challenge"));
		awaitText("#challenge-join", "Join");
		this.wait.until((driver) -> driver.findElement(By.id("board-empty")).isDisplayed());

		click("#challenge-join");
		awaitText("#challenge-join", "Leave");
		awaitText("#challenge-me", "You joined: publish (+10) or comment (+3) to score.");
		// Grace publishes and Ken, who did not join, too: only Grace is on the challenge
		ForumApi api = ForumApi.demo(this.port);
		assertThat(api.post("/api/articles", 3, "{\"title\":\"COBOL\",\"content\":\"Notes\"}").status()).isEqualTo(201);
		assertThat(api.post("/api/articles", 8, "{\"title\":\"Unix\",\"content\":\"Pipes\"}").status()).isEqualTo(201);
		awaitText("#board tr[data-user-id='3'] .score", "10");
		awaitText("#board tr[data-user-id='3'] .badge", "1");
		awaitText("#challenge-me", "You: rank 1 · 10 points");
		assertThat(this.browser.findElements(By.cssSelector("#board tbody tr"))).hasSize(1);

		// leaving takes Grace off the board; the period boards keep her points
		click("#challenge-join");
		awaitText("#challenge-join", "Join");
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#board tbody tr")).isEmpty());
		click(".tab[data-scope='everyone']");
		this.wait.until((driver) -> !driver.findElement(By.id("challenge-bar")).isDisplayed());
		awaitText("#board tr[data-user-id='3'] .score", "10");
	}

	@Test
	void checkingInPraisingAndReadingShowTheStreakTheArticlePanelsAndTheActiveUsers() throws Exception {
		openPageAs("7", "Margaret Hamilton");
		awaitText("#streak-current", "0");
		awaitText("#check-in", "Check in (+1)");
		awaitText("#active-today", "0");
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#calendar rect[data-day]")).size() >= 365);
		assertThat(this.browser.findElements(By.cssSelector("#calendar rect.active"))).isEmpty();

		// the check-in starts a streak, marks today on the calendar and counts Margaret
		// as active
		click("#check-in");
		awaitText("#streak-current", "1");
		awaitText("#streak-next", "next: 7 days (+20) in 6 days");
		awaitText("#check-in", "Checked in today ✓");
		this.wait.until((driver) -> driver.findElement(By.cssSelector("#calendar rect.today"))
			.getAttribute("class")
			.contains("active"));
		// read inside waits: the calendar re-renders as data arrives, and an element read
		// outside one may be replaced between finding and reading it
		this.wait.until((driver) -> !"0"
			.equals(driver.findElement(By.cssSelector("#calendar rect.today")).getAttribute("data-level")));
		this.wait.until((driver) -> driver.findElements(By.cssSelector("#calendar rect.active")).size() == 1);
		awaitText("#active-today", "1");

		// a praise makes the article hot (5 points, decaying) and tops the week
		click(".article[data-article-id='3'] button.praise");
		awaitText("#hot li[data-article-id='3'] .s", "5.0");
		awaitText("#hot li[data-article-id='3'] .title", "Debugging, literally");
		awaitText("#top-week li[data-article-id='3'] .s", "5");

		// opening an article makes Margaret its first reader
		awaitText(".article[data-article-id='2'] .readers", "0 readers");
		click(".article[data-article-id='2'] button.title");
		awaitText("#detail .readers", "1 reader");
		awaitText(".article[data-article-id='2'] .readers", "1 reader");

		// another user reads it: two readers, two active users today and this week
		assertThat(ForumApi.demo(this.port).get("/api/articles/2", 9).status()).isEqualTo(200);
		awaitText(".article[data-article-id='2'] .readers", "2 readers");
		awaitText("#active-today", "2");
		awaitText("#active-week", "2");

		// the longest streaks now: Margaret, one day
		click(".tab[data-scope='streaks']");
		awaitText("#board-unit", "Days");
		awaitText("#board tr[data-user-id='7'] .score", "1");
		assertThat(this.browser.findElements(By.cssSelector("#board tbody tr"))).hasSize(1);
		this.browser.manage().window().setSize(new Dimension(1280, 1250));
		((JavascriptExecutor) this.browser).executeScript("window.scrollTo(0, 0)");
		screenshot("sample-page.png");
	}

	@Test
	void aNewcomerSeesTheirLevelAndANoticeOfTheirFirstBadge() {
		openPageAs("7", "Margaret Hamilton");
		awaitText("#level-number", "Level 1");
		awaitText("#level-name", "· Newcomer");
		awaitText("#level-next", "0 points · 20 to level 2");
		// a first comment (here from another tab) earns "commenter"; the page tells
		// within
		// its next refresh
		assertThat(ForumApi.demo(this.port).post("/api/articles/1/comments", 7, "{\"content\":\"Hello\"}").status())
			.isEqualTo(201);
		this.wait.until((driver) -> driver.findElement(By.id("toast"))
			.getAttribute("textContent")
			.contains("You earned commenter"));
		awaitText("#badges li", "commenter");
		awaitText("#level-next", "3 points · 17 to level 2");
	}

	/**
	 * Saves what the browser shows under target/screenshots, for docs/ and for a failed
	 * run.
	 */
	private void screenshot(String name) throws Exception {
		Path dir = Path.of("target", "screenshots");
		Files.createDirectories(dir);
		byte[] png = ((TakesScreenshot) this.browser).getScreenshotAs(OutputType.BYTES);
		Files.write(dir.resolve(name), png);
	}

	private void openPageAs(String userId, String name) {
		this.browser.get("http://localhost:" + this.port + "/");
		this.wait = new WebDriverWait(this.browser, Duration.ofSeconds(20));
		this.wait.ignoring(StaleElementReferenceException.class).ignoring(NoSuchElementException.class);
		this.wait.until((driver) -> !driver.findElements(By.cssSelector("body[data-ready='true']")).isEmpty());
		new Select(this.browser.findElement(By.id("who"))).selectByValue(userId);
		awaitText("#me-name", name);
	}

	private void awaitAttribute(String css, String attribute, String expected) {
		try {
			this.wait
				.until((driver) -> expected.equals(driver.findElement(By.cssSelector(css)).getAttribute(attribute)));
		}
		catch (TimeoutException ex) {
			List<WebElement> found = this.browser.findElements(By.cssSelector(css));
			throw new AssertionError("'" + css + "' should have " + attribute + "='" + expected + "' but has '"
					+ (found.isEmpty() ? "(nothing)" : found.get(0).getAttribute(attribute)) + "'", ex);
		}
	}

	/**
	 * Waits until the element shows the text; the page re-renders, so it is looked up
	 * afresh each time.
	 */
	private void awaitText(String css, String expected) {
		try {
			this.wait.until((driver) -> expected.equals(driver.findElement(By.cssSelector(css)).getText()));
		}
		catch (TimeoutException ex) {
			throw new AssertionError("'" + css + "' should show '" + expected + "' but shows '" + text(css) + "'", ex);
		}
	}

	private void click(String css) {
		this.wait.until((driver) -> {
			driver.findElement(By.cssSelector(css)).click();
			return true;
		});
	}

	private String text(String css) {
		List<WebElement> found = this.browser.findElements(By.cssSelector(css));
		return found.isEmpty() ? "(nothing)" : found.get(0).getText();
	}

}
