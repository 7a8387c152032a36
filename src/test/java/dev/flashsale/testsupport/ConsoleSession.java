package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A console user over plain HTTP, without a browser: logs in through the login form (its session
 * cookie kept), asks for pages and posts a page's forms as PrimeFaces does with AJAX, following no
 * redirect, so that a test sees where it is sent.
 */
public final class ConsoleSession {

    private static final Pattern VIEW_STATE = Pattern.compile("name=\"jakarta\\.faces\\.ViewState\"[^>]*value=\"([^\"]+)\"");
    private static final Pattern REDIRECT_TO_LOGIN = Pattern.compile("<redirect url=\"[^\"]*/login\\.xhtml");

    private final URI base;
    private final HttpClient http;

    /** What a page request got: its status, where it sends (302), and the body. */
    public record Page(int status, String location, String body) {

        public boolean sendsToLogin() {
            return status == 302 && location.contains("/login.xhtml");
        }

        /** An AJAX post's answer that sends to the login page: a Faces partial response that redirects. */
        public boolean redirectsToLogin() {
            return status == 200 && body.contains("<partial-response") && REDIRECT_TO_LOGIN.matcher(body).find();
        }

        /** An AJAX post's answer that the page took: a Faces partial response that updates it. */
        public boolean updates() {
            return status == 200 && body.contains("<partial-response") && body.contains("<update");
        }

        /** The page's Faces view state, which every post of its forms carries back. */
        public String viewState() {
            Matcher found = VIEW_STATE.matcher(body);
            if (!found.find()) {
                throw new IllegalStateException("No view state on the page: " + this);
            }
            return found.group(1);
        }

        @Override
        public String toString() {
            return status + (location.isEmpty() ? "" : " to " + location);
        }
    }

    public ConsoleSession(URI base) {
        this.base = base;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** Logs in with the login form; fails the test's set-up unless the console takes the user in. */
    public ConsoleSession login(String user, String password) {
        Page form = get("login.xhtml");
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("login", "login");
        fields.put("login:username", user);
        fields.put("login:password", password);
        fields.put("login:submit", "");
        fields.put("jakarta.faces.ViewState", form.viewState());
        Page answer = send(HttpRequest.newBuilder(base.resolve("login.xhtml"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(encoded(fields))));
        if (answer.status() != 302 || answer.location().contains("login.xhtml")) {
            throw new IllegalStateException("The console did not take " + user + " in: " + answer);
        }
        return this;
    }

    public Page get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    /**
     * Posts a form of a page opened before, as PrimeFaces' AJAX does for a poll or a button: the
     * component {@code source} of form {@code form} runs, what it processes is {@code execute}.
     *
     * @param page the page as opened (for its view state)
     * @param values the form's input values, by their client ids
     */
    public Page ajax(String path, Page page, String form, String source, String execute, Map<String, String> values) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("jakarta.faces.partial.ajax", "true");
        fields.put("jakarta.faces.source", source);
        fields.put("jakarta.faces.partial.execute", execute);
        fields.put("jakarta.faces.partial.render", form);
        fields.put(source, source);
        fields.put(form, form);
        fields.putAll(values);
        fields.put("jakarta.faces.ViewState", page.viewState());
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Faces-Request", "partial/ajax")
                .header("X-Requested-With", "XMLHttpRequest")
                .header("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(encoded(fields))));
    }

    private Page send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Page(response.statusCode(), response.headers().firstValue("Location").orElse(""), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encoded(Map<String, String> fields) {
        return fields.entrySet().stream().map(field -> encoded(field.getKey()) + "=" + encoded(field.getValue()))
                .collect(Collectors.joining("&"));
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
