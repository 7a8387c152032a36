package dev.flashsale.testsupport.browser;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
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
 */
public final class Browser implements AutoCloseable {

    private static final String CHROMIUM = System.getProperty("it.chromium", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("it.chromedriver", "/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(15);

    private final URI base;
    private final Path profile;
    private final ChromeDriver driver;

    public Browser(URI base) {
        this.base = base;
        try {
            this.profile = Files.createTempDirectory("flashsale-chromium");
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
        this.driver = new ChromeDriver(service, options);
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
            new WebDriverWait(driver, WAIT).ignoring(StaleElementReferenceException.class).until(condition::apply);
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
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            // A leftover profile in /tmp is harmless.
        }
    }
}
