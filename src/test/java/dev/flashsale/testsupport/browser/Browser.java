package dev.flashsale.testsupport.browser;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.Map;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian chromium driven by its chromedriver (no download: both paths are given; .ci/run
 * installs them), with the waits a PrimeFaces page needs: for the AJAX queue to be empty, and for a text to appear.
 * A chromium takes seconds to start, so the tests borrow one ({@link #of}) that goes back, its
 * cookies cleared, when the test closes it, and the idle ones quit when the tests' JVM ends; a test
 * that leaves what clearing cookies does not clear (credentials of HTTP Basic) takes one of its own
 * ({@link #fresh}).
 */
public final class Browser implements AutoCloseable {

    private static final String CHROMIUM = System.getProperty("it.chromium", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("it.chromedriver", "/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(45);
    /** Selenium's own is 500 ms: most waits follow an AJAX update that takes a tenth of that. */
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Deque<Chromium> IDLE = new ArrayDeque<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (IDLE) {
                IDLE.forEach(Chromium::quit);
                IDLE.clear();
            }
        }, "browsers-quit"));
    }

    /** A chromium and the profile folder it runs in. */
    private record Chromium(ChromeDriver driver, Path profile) {

        static Chromium start() {
            Path profile;
            try {
                profile = Files.createTempDirectory("flashsale-chromium");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM);
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--window-size=1400,1000", "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(CHROMEDRIVER))
                    .usingAnyFreePort()
                    .build();
            return new Chromium(new ChromeDriver(service, options), profile);
        }

        /** Forgets every site's cookies and leaves the page: as a chromium just started. */
        void clear() {
            driver.get("about:blank");
            driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
        }

        void quit() {
            driver.quit();
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            } catch (IOException e) {
                // A leftover profile in /tmp is harmless.
            }
        }
    }

    private final URI base;
    private final Chromium chromium;
    private final ChromeDriver driver;
    private final boolean borrowed;

    private Browser(URI base, Chromium chromium, boolean borrowed) {
        this.base = base;
        this.chromium = chromium;
        this.driver = chromium.driver();
        this.borrowed = borrowed;
    }

    /** An idle chromium, or a new one when none is idle; it goes back when closed. Paths resolve against {@code base}. */
    public static Browser of(URI base) {
        Chromium idle;
        synchronized (IDLE) {
            idle = IDLE.poll();
        }
        return new Browser(base, idle == null ? Chromium.start() : idle, true);
    }

    /** A chromium of its own, quit when closed. */
    public static Browser fresh(URI base) {
        return new Browser(base, Chromium.start(), false);
    }

    public Browser open(String path) {
        driver.get(base.resolve(path).toString());
        return this;
    }

    public Browser login(String user, String password) {
        open("login.xhtml");
        type("login:username", user);
        type("login:password", password);
        click("login:submit");
        return this;
    }

    public WebElement byId(String id) {
        return driver.findElement(By.id(id));
    }

    public boolean has(String id) {
        return !driver.findElements(By.id(id)).isEmpty();
    }

    public Browser type(String id, String text) {
        WebElement field = byId(id);
        field.clear();
        field.sendKeys(text);
        return this;
    }

    /** Sets a field's text directly: for date pickers, whose pop-up calendar takes the keystrokes. */
    public Browser setValue(String id, String text) {
        script("arguments[0].value = arguments[1];", byId(id), text);
        return this;
    }

    /** Drops the session cookie, as an idle timeout would end the session on the server. */
    public Browser endSession() {
        driver.manage().deleteAllCookies();
        return this;
    }

    public Browser click(String id) {
        byId(id).click();
        return awaitAjax();
    }

    public String text(String id) {
        return byId(id).getText().strip();
    }

    /**
     * The index of the first row of a table whose cell {@code column} reads {@code text}, turning
     * the table's pages (a PrimeFaces paginator, whose rows number on across pages) while there are
     * more: the tests that run beside this one add rows too, so a row of this test's own need not
     * be the newest.
     */
    public int rowOf(String table, String column, String text) {
        String nextPage = "var next = document.getElementById(arguments[0]).querySelector('.ui-paginator-next');"
                + " if (!next || next.classList.contains('ui-state-disabled')) return false; next.click(); return true;";
        for (int row = 0; ; row++) {
            String cell = table + ":" + row + ":" + column;
            if (!has(cell) && row > 0 && Boolean.TRUE.equals(script(nextPage, table))) {
                awaitAjax().awaitPresent(cell);
            }
            if (!has(cell)) {
                throw new AssertionError(table + " has no row whose " + column + " reads " + text + ":\n" + bodyText());
            }
            if (text.equals(text(cell))) {
                return row;
            }
        }
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    public Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Waits until jQuery and PrimeFaces' AJAX queue are idle (and the page is loaded). */
    public Browser awaitAjax() {
        await(d -> Boolean.TRUE.equals(script("return document.readyState === 'complete'"
                + " && (!window.jQuery || jQuery.active === 0)"
                + " && (!window.PrimeFaces || !PrimeFaces.ajax || PrimeFaces.ajax.Queue.isEmpty());")));
        return this;
    }

    public Browser awaitText(String id, String expected) {
        await(d -> has(id) && expected.equals(text(id)));
        return this;
    }

    public Browser awaitPresent(String id) {
        await(d -> has(id));
        return this;
    }

    public Browser awaitBodyContains(String text) {
        await(d -> d.findElement(By.tagName("body")).getText().contains(text));
        return this;
    }

    public String bodyText() {
        return driver.findElement(By.tagName("body")).getText();
    }

    private void await(Function<WebDriver, Boolean> condition) {
        try {
            // A p:poll or an AJAX update may replace an element between finding and reading it.
            new WebDriverWait(driver, WAIT, POLL).ignoring(StaleElementReferenceException.class).until(condition::apply);
        } catch (TimeoutException e) {
            throw new AssertionError("Waited in vain on " + driver.getCurrentUrl() + ", which shows:\n" + bodyText(), e);
        }
    }

    public Path screenshot(String name) {
        try {
            Path target = Path.of("target", name);
            Files.createDirectories(target.getParent());
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (!borrowed) {
            chromium.quit();
            return;
        }
        try {
            chromium.clear();
        } catch (RuntimeException broken) {
            chromium.quit();
            return;
        }
        synchronized (IDLE) {
            IDLE.push(chromium);
        }
    }
}
