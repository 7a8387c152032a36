package dev.flashsale.security;

import dev.flashsale.security.AdversaryCampaign.Tried;
import dev.flashsale.security.SecretsInAnswers.Kind;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoleMatrix;
import dev.flashsale.testsupport.Webhooks;
import jakarta.json.JsonObject;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One adversary run's webhooks, drawn from its seed: the administrator registers webhooks on a
 * public host with a token in their URL's query (some with a signing secret of its own), changes
 * some to another token and secret, and lists them and their deliveries; it also tries internal
 * targets (loopback, cloud metadata, private, link-local ...), each refused 400
 * {@code webhook-target-internal} and never stored; the viewer and the merchandiser try to
 * register (internal targets too), list, change and delete webhooks, which docs/roles.md refuses
 * them (403). The run's webhooks are deleted at its end.
 */
final class WebhookAttempts {

    /** Internal targets, but 127.0.0.1: the tests' server's allow-list holds it alone, where the tests' receivers listen. */
    private static final List<String> INTERNAL = List.of("http://127.0.0.2:5432/", "http://169.254.169.254/latest/meta-data/",
            "http://[::1]:6379/", "http://10.0.0.1/", "http://0.0.0.0:22/", "http://100.64.0.1/", "http://[fd00::1]/",
            "HTTP://192.168.0.1/", "http://172.16.0.1:8080/", "http://[fe80::1]/");
    /** The foil's internal target: loopback at the one address the tests' server's allow-list lets through. */
    private static final String ALLOWED_LOOPBACK = "http://127.0.0.1:5432/";
    private static final String EVENT = "reservation.cancelled";
    private static final String WEBHOOKS = "api/admin/webhooks";

    private final Api api;
    private final SecretsInAnswers secrets;
    private final Map<String, String> credentials;
    private final List<String> violations;
    private final String internalMarker = "adv-internal-" + UUID.randomUUID().toString().substring(0, 8);
    private final Set<String> registered = ConcurrentHashMap.newKeySet();

    /**
     * @param credentials     the Authorization header of the viewer and the merchandiser
     * @param allowedLoopback the foil: the internal targets tried are the one the server allows
     * @param violations      where a wrong answer is said, as it comes
     * @param actions         where the attempts are added, to run with the run's others
     */
    WebhookAttempts(Api api, Random random, SecretsInAnswers secrets, Map<String, String> credentials, boolean allowedLoopback,
                    List<String> violations, List<Callable<Tried>> actions) {
        this.api = api;
        this.secrets = secrets;
        this.credentials = credentials;
        this.violations = violations;
        for (int i = 1 + random.nextInt(2); i > 0; i--) {
            boolean ownSecret = random.nextBoolean();
            boolean change = random.nextBoolean();
            actions.add(() -> registered(ownSecret, change));
        }
        for (int i = 1 + random.nextInt(2); i > 0; i--) {
            String target = allowedLoopback ? ALLOWED_LOOPBACK : INTERNAL.get(random.nextInt(INTERNAL.size()));
            actions.add(() -> internal(target));
        }
        for (String role : credentials.keySet().stream().sorted().toList()) {
            boolean allowed = RoleMatrix.read().stream().anyMatch(cell -> cell.toString().equals("POST /api/admin/webhooks")
                    && cell.allowed().get(role));
            String target = random.nextBoolean() ? publicUrl() : INTERNAL.get(random.nextInt(INTERNAL.size())) + internalMarker;
            int call = random.nextInt(4);
            actions.add(() -> asRole(role, allowed, call, target));
        }
        if (random.nextBoolean()) {
            actions.add(() -> read("webhook deliveries", WEBHOOKS + "/deliveries?status=PENDING&limit=50"));
        }
    }

    /** A public target with a token in its query, the token a secret of the run. */
    private String publicUrl() {
        return "https://hooks.example/adversary/" + UUID.randomUUID().toString().substring(0, 8) + "?token=" + token();
    }

    private String token() {
        String token = "adv-token-" + UUID.randomUUID();
        secrets.minted(Kind.WEBHOOK_URL_QUERY, token);
        return token;
    }

    private String ownSecret() {
        String secret = "whsec_" + Base64.getEncoder().encodeToString((UUID.randomUUID() + "-adversary").getBytes());
        secrets.minted(Kind.WEBHOOK_SECRET, secret);
        return secret;
    }

    private Tried registered(boolean ownSecret, boolean change) {
        long started = System.nanoTime();
        Api.Answer created = api.adminPost(WEBHOOKS, Webhooks.body(publicUrl(), ownSecret ? ownSecret() : null, EVENT));
        if (!expect("an administrator's webhook on a public host", created, 201)) {
            return tried("webhook registered", started, created);
        }
        JsonObject answer = created.json();
        secrets.minted(Kind.WEBHOOK_SECRET, answer.getString("secret"));
        String id = answer.getJsonObject("webhook").getString("id");
        registered.add(id);
        if (change) {
            expect("a webhook changed", api.adminPut(WEBHOOKS + "/" + id, Webhooks.body(publicUrl(), ownSecret(), EVENT)), 200);
        }
        expect("the webhooks listed", api.adminGet(WEBHOOKS), 200);
        return tried("webhook registered", started, created);
    }

    private Tried internal(String target) {
        long started = System.nanoTime();
        String url = target + internalMarker + "?token=" + token();
        Api.Answer refused = api.adminPost(WEBHOOKS, Webhooks.body(url, null, EVENT));
        if (refused.status() == 201) {
            registered.add(refused.json().getJsonObject("webhook").getString("id"));
            secrets.minted(Kind.WEBHOOK_SECRET, refused.json().getString("secret"));
        }
        if (expect("an administrator's webhook to " + target, refused, 400) && !refused.problemType().equals("webhook-target-internal")) {
            violations.add("an administrator's webhook to " + target + " refused as " + refused.problemType());
        }
        return tried("webhook internal", started, refused);
    }

    private Tried asRole(String role, boolean allowed, int call, String target) {
        long started = System.nanoTime();
        String[] headers = {"Authorization", credentials.get(role), "X-Requested-By", "flashsale-tests"};
        String other = WEBHOOKS + "/" + UUID.randomUUID();
        Api.Answer answer = switch (call) {
            case 0 -> api.post(WEBHOOKS, Webhooks.body(target, null, EVENT), headers);
            case 1 -> api.get(WEBHOOKS, headers);
            case 2 -> api.put(other, Webhooks.body(target, null, EVENT), headers);
            default -> api.delete(other, headers);
        };
        if (!allowed) {
            expect("a " + role + "'s webhook call " + call, answer, 403);
        }
        return tried("webhook call of a " + role, started, answer);
    }

    private Tried read(String what, String path) {
        long started = System.nanoTime();
        Api.Answer answer = api.adminGet(path);
        expect(what, answer, 200);
        return tried(what, started, answer);
    }

    /** After the run: its webhooks deleted, and no internal target stored. */
    void judge() {
        Api.Answer listed = api.adminGet(WEBHOOKS);
        if (expect("the webhooks listed", listed, 200) && listed.body().contains(internalMarker)) {
            violations.add("a webhook to an internal target was stored");
        }
        for (String id : registered) {
            expect("a webhook deleted", api.delete(WEBHOOKS + "/" + id, "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD),
                    "X-Requested-By", "flashsale-tests"), 204);
        }
    }

    private boolean expect(String what, Api.Answer answer, int status) {
        if (answer.status() != status) {
            violations.add(what + " answered " + answer.status() + ", not " + status);
            return false;
        }
        return true;
    }

    private static Tried tried(String kind, long started, Api.Answer answer) {
        return new Tried(kind, null, null, started, answer.status(), answer.isProblem() ? answer.problemType() : "", null);
    }
}
