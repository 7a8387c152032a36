package dev.flashsale.security;

import dev.flashsale.testsupport.Api;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The secrets one adversary run minted and every answer it got, over the API and the console,
 * judged at the run's end (so that an answer read before a secret was minted is searched for it
 * too). A storefront key's secret and a webhook's signing secret may be in the one answer that
 * made them, to the administrator who asked; a webhook URL's query values in what administrators
 * read of webhooks (they registered the URL, and change it); a password, a password's hash, and
 * anything else nowhere. A secret that has a listed prefix (a key's {@code fsk_} and eight
 * characters, a webhook secret's {@code whsec_} and four) is also looked for without it.
 */
final class SecretsInAnswers {

    enum Kind { PASSWORD, PASSWORD_HASH, STOREFRONT_KEY, WEBHOOK_SECRET, WEBHOOK_URL_QUERY }

    /** How much of a key or a webhook secret its lists show; the rest is looked for alone too. */
    private static final int LISTED_PREFIX = 12;

    private record Secret(Kind kind, String whole) {
    }

    /** One answer: its reader (a user, or {@code storefront}), the request, and the body. */
    private record Read(String reader, String request, int status, String body) {
    }

    private final Map<String, Secret> secrets = new ConcurrentHashMap<>();
    private final List<Read> reads = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> administrators = ConcurrentHashMap.newKeySet();
    private final boolean creationAnswersShowNothing;

    /**
     * @param creationAnswersShowNothing the foil: the answer that made a secret may not carry it
     *                                   either, as if any reader could read it
     */
    SecretsInAnswers(boolean creationAnswersShowNothing) {
        this.creationAnswersShowNothing = creationAnswersShowNothing;
        administrators.add(Api.ADMIN_USER);
    }

    void administrator(String user) {
        administrators.add(user);
    }

    void minted(Kind kind, String secret) {
        Secret minted = new Secret(kind, secret);
        secrets.put(secret, minted);
        if ((kind == Kind.STOREFRONT_KEY || kind == Kind.WEBHOOK_SECRET) && secret.length() > LISTED_PREFIX + 8) {
            secrets.put(secret.substring(LISTED_PREFIX), minted);
        }
    }

    /** An API answer, read by whoever its request's Authorization names. */
    void seen(HttpRequest request, Api.Answer answer) {
        String reader = request.headers().firstValue("Authorization").map(SecretsInAnswers::user).orElse("storefront");
        reads.add(new Read(reader, request.method() + " " + request.uri().getPath(), answer.status(), answer.body()));
    }

    /** A console page or post's answer, read by {@code user}. */
    void seen(String user, String page, int status, String body) {
        reads.add(new Read(user, "console " + page, status, body));
    }

    int answers() {
        return reads.size();
    }

    List<String> violations() {
        List<String> violations = new ArrayList<>();
        List<Read> all;
        synchronized (reads) {
            all = List.copyOf(reads);
        }
        for (Read read : all) {
            Set<String> shown = shownBy(read);
            boolean webhooksToAnAdministrator = administrators.contains(read.reader()) && read.status() / 100 == 2
                    && (read.request().contains("/api/admin/webhooks") || read.request().endsWith("webhooks.xhtml"));
            for (Map.Entry<String, Secret> secret : secrets.entrySet()) {
                Kind kind = secret.getValue().kind();
                if (read.body() != null && read.body().contains(secret.getKey()) && !shown.contains(secret.getValue().whole())
                        && !(kind == Kind.WEBHOOK_URL_QUERY && webhooksToAnAdministrator)) {
                    violations.add(read.request() + " (" + read.status() + ", to " + read.reader() + ") carries a " + kind
                            + " the run made");
                }
            }
        }
        return violations;
    }

    /** The secrets this answer made and may show its maker: a storefront key's or a webhook's, in the answer of 201. */
    private Set<String> shownBy(Read read) {
        if (creationAnswersShowNothing || read.status() != 201 || !administrators.contains(read.reader())) {
            return Set.of();
        }
        String field = read.request().endsWith("/api/admin/api-keys") ? "key"
                : read.request().endsWith("/api/admin/webhooks") ? "secret" : null;
        if (field == null || !read.request().startsWith("POST ")) {
            return Set.of();
        }
        try (var reader = Json.createReader(new StringReader(read.body()))) {
            JsonObject made = reader.readObject();
            return made.containsKey(field) ? Set.of(made.getString(field)) : Set.of();
        }
    }

    private static String user(String authorization) {
        String basic = new String(Base64.getDecoder().decode(authorization.substring("Basic ".length())), StandardCharsets.UTF_8);
        return basic.substring(0, basic.indexOf(':'));
    }
}
