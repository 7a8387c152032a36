package dev.flashsale.security;

import dev.flashsale.security.SecretsInAnswers.Kind;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoleMatrix;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import jakarta.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.awaitility.Awaitility;

/**
 * The adversary campaign: runs of two fresh sales on the tests' server, each drawn from its seed,
 * in which honest buyers of two storefront keys, a bot, a merchandiser, a viewer and an
 * administrator act at once: the bot spends its admission token again and again, tokens are
 * passed to other buyers and other keys, reserves come without a token while a SKU joins the room
 * sale and while the other sale's room is switched on, one key reads and cancels the other's
 * reservations, and the viewer and the merchandiser call the admin routes docs/roles.md refuses
 * them. Console users browse while their passwords are reset or changed, their roles changed or
 * they are disabled ({@link CredentialChanges}); the administrator registers webhooks, to public
 * hosts and to internal ones, and the viewer and the merchandiser try to ({@link WebhookAttempts});
 * the administrator issues, lists and revokes a storefront key, and the viewer reads the audit
 * trail. A run is judged by invariants, not by a script of expected answers:
 * <ul>
 *   <li>no 5xx and no request without an answer;</li>
 *   <li>nothing oversold: per SKU, held + sold within the total, and equal to the live reservations;</li>
 *   <li>a room SKU's units go only to the first use of a live token: every reservation of the room
 *       sale has its ticket recorded, one per ticket, the ticket's own buyer's; no token made two
 *       reservations; a token shown for another buyer or through another key bought nothing;</li>
 *   <li>after the answer that switched a room on, no reserve without a token was sold;</li>
 *   <li>no key reads or changes what another key made (404);</li>
 *   <li>each role is refused what roles.md refuses it (403);</li>
 *   <li>a console session started before a change of its user's credentials is sent to the login
 *       page within the account refresh, but the one an own change in the console came from;</li>
 *   <li>a webhook to an internal target is refused 400 {@code webhook-target-internal} and never
 *       stored; the administrator's others are made, changed and deleted;</li>
 *   <li>no answer, over the API or the console, carries a secret the run made to a reader who
 *       should not see it ({@link SecretsInAnswers}).</li>
 * </ul>
 * Each {@link Foil} breaks one of them on purpose: the campaign must catch it.
 */
final class AdversaryCampaign {

    private static final String TOKEN_HEADER = "X-Admission-Token";
    private static final RoomSales.Room ROOM = new RoomSales.Room(1_000, 1_000, 600, 600);
    private static final int THREADS = 8;

    /** One answer the run got: what was tried (with which token and Idempotency-Key), when it was sent (nanos), and what came back (-1: no answer). */
    record Tried(String kind, String token, String key, long startedNanos, int status, String problem, String reservationId) {

        boolean sold() {
            return status == 200 || status == 201;
        }
    }

    /** What a run breaks on purpose, and a word of the violation that must then be found. */
    enum Foil {
        NONE(""),
        /** The bot's extra reserves go to the test-only naive checkout, which checks no token. */
        NAIVE_CHECKOUT("token"),
        /** Each credential change is a password reset of another user of the same role: no session has a reason to end. */
        CHANGES_TO_TWINS("still opens pages"),
        /** The internal webhook targets are 127.0.0.1, which the tests' server's allow-list lets through. */
        ALLOWED_LOOPBACK("webhook"),
        /** The answers that made a secret are judged as if anyone read them. */
        CREATION_ANSWERS_READ_BY_ANYONE("carries a");

        final String caughtAs;

        Foil(String caughtAs) {
            this.caughtAs = caughtAs;
        }
    }

    private final Api shop;
    private final Api kiosk;
    private final String kioskKey;
    private final Map<String, String> credentials;
    private final Foil foil;
    /** The secrets of the run under way and every answer it got. */
    private final AtomicReference<SecretsInAnswers> secrets = new AtomicReference<>(new SecretsInAnswers(false));

    /**
     * @param shop  the tests' storefront key (and the administrator's credentials)
     * @param kioskKey a second storefront key of the same shop
     * @param credentials the Authorization header of a user per role name (viewer, merchandiser)
     */
    AdversaryCampaign(Api shop, String kioskKey, Map<String, String> credentials, Foil foil) {
        this.shop = shop.seenBy((request, answer) -> secrets.get().seen(request, answer));
        this.kiosk = this.shop.withStorefrontKey(kioskKey);
        this.kioskKey = kioskKey;
        this.credentials = credentials;
        this.foil = foil;
    }

    /** @return the run's violations, each a sentence; none when every invariant held */
    List<String> run(long seed) throws Exception {
        Random random = new Random(seed);
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        SecretsInAnswers secrets = new SecretsInAnswers(foil == Foil.CREATION_ANSWERS_READ_BY_ANYONE);
        this.secrets.set(secrets);
        secrets.minted(Kind.STOREFRONT_KEY, kioskKey);
        credentials.values().forEach(basic -> {
            String[] user = new String(Base64.getDecoder().decode(basic.substring("Basic ".length()))).split(":", 2);
            secrets.minted(Kind.PASSWORD, user[1]);
            secrets.minted(Kind.PASSWORD_HASH, CredentialChanges.hashOf(user[0]));
        });
        int units = 2 + random.nextInt(6);
        String roomSku = Sales.uniqueSku("adv-room-" + seed);
        UUID roomSale = RoomSales.open(shop, roomSku, units, 1, 600, Instant.now().plus(RoomSales.LATER), ROOM);
        String plainSku = Sales.uniqueSku("adv-plain-" + seed);
        UUID plainSale = UUID.fromString(Sales.openSale(shop, plainSku, 4 * units, 1, 600, "REFUSE").getString("id"));
        RoomSales.startsAt(shop, plainSale, Instant.now().minusSeconds(5));
        String addedSku = Sales.uniqueSku("adv-added-" + seed);
        // The run's buyers and Idempotency-Keys: its own, though runs of one seed go side by side through the shop's key.
        String run = seed + "-" + UUID.randomUUID().toString().substring(0, 8);

        // Buyers with tickets: honest ones of either key, and the bot (the shop's).
        Map<String, Api> keyOf = new HashMap<>();
        int honest = 2 + random.nextInt(units + 3);
        for (int i = 0; i < honest; i++) {
            keyOf.put("h" + i + "-" + run, random.nextBoolean() ? shop : kiosk);
        }
        String bot = "bot-" + run;
        keyOf.put(bot, shop);
        Map<String, String> ticketOf = new HashMap<>();
        for (Map.Entry<String, Api> buyer : keyOf.entrySet()) {
            ticketOf.put(buyer.getKey(), RoomSales.take(buyer.getValue(), roomSale, buyer.getKey()).json().getString("ticket"));
        }
        RoomSales.openNow(shop, roomSale);
        Map<String, String> tokenOf = admitted(roomSale, keyOf, ticketOf, Math.min(units, keyOf.size()));

        List<Callable<Tried>> actions = new ArrayList<>();
        List<String> buyers = new ArrayList<>(tokenOf.keySet());
        Collections.sort(buyers);
        for (String buyer : buyers) {
            Api key = keyOf.get(buyer);
            String token = tokenOf.get(buyer);
            if (!buyer.equals(bot)) {
                actions.add(() -> reserve("honest", key, roomSku, buyer, token, "k-" + buyer));
                if (random.nextInt(3) == 0) {
                    actions.add(() -> reserve("honest-retry", key, roomSku, buyer, token, "k-" + buyer));
                }
            }
            String other = "other-" + buyer;
            actions.add(() -> reserve("token-of-another-buyer", key, roomSku, other, token, "o-" + buyer));
            Api otherKey = key == shop ? kiosk : shop;
            actions.add(() -> reserve("token-through-another-key", otherKey, roomSku, buyer, token, "x-" + buyer));
        }
        String botToken = tokenOf.get(bot);
        if (botToken != null) {
            int reuses = 3 + random.nextInt(6);
            for (int i = 0; i < reuses; i++) {
                String key = "bot-" + i + "-" + run;
                actions.add(foil == Foil.NAIVE_CHECKOUT && i > 0 ? () -> naive(roomSku, bot, botToken, key)
                        : () -> reserve("bot", shop, roomSku, bot, botToken, key));
            }
        }
        int tokenless = 2 + random.nextInt(4);
        for (int i = 0; i < tokenless; i++) {
            String key = "tokenless-" + i + "-" + run;
            Api client = random(random, shop, kiosk);
            actions.add(() -> reserve("room-tokenless", client, roomSku, "t" + key, null, key));
        }
        if (random.nextBoolean()) {
            actions.add(() -> {
                RoomSales.addSku(shop, roomSale, addedSku, units);
                return reserve("added-tokenless", shop, addedSku, "added-" + run, null, "added-" + run);
            });
        }
        Map<String, Long> switchedOn = new ConcurrentHashMap<>();
        actions.add(() -> {
            long started = System.nanoTime();
            Api.Answer set = shop.adminPut("api/admin/sales/" + plainSale + "/room", Json.createObjectBuilder().add("enabled", true)
                    .add("admissionPerSecond", 1_000).add("maxActive", 1_000).add("tokenSeconds", 600).add("missedPollSeconds", 600)
                    .build().toString());
            if (set.status() == 200) {
                switchedOn.put("at", System.nanoTime());
            }
            return new Tried("room-switched-on", null, null, started, set.status(), problem(set), null);
        });
        int plain = 6 + random.nextInt(10);
        for (int i = 0; i < plain; i++) {
            String key = "plain-" + i + "-" + run;
            Api client = random(random, shop, kiosk);
            actions.add(() -> reserve("plain-tokenless", client, plainSku, "p" + key, null, key));
        }
        List<RoleMatrix.Cell> refused = RoleMatrix.read().stream().filter(cell -> !cell.isConsolePage())
                .filter(cell -> !cell.method().equals("GET")).toList();
        for (String role : List.of("viewer", "merchandiser")) {
            List<RoleMatrix.Cell> cells = refused.stream().filter(cell -> !cell.allowed().get(role)).toList();
            for (int i = 0; i < 3 && !cells.isEmpty(); i++) {
                RoleMatrix.Cell cell = cells.get(random.nextInt(cells.size()));
                actions.add(() -> asRole(role, cell, roomSale));
            }
        }
        CredentialChanges changes = new CredentialChanges(shop, random, secrets, foil == Foil.CHANGES_TO_TWINS, actions);
        WebhookAttempts webhooks = new WebhookAttempts(shop, random, secrets, credentials, foil == Foil.ALLOWED_LOOPBACK, violations,
                actions);
        Map<String, String> issuedKeys = new ConcurrentHashMap<>();
        if (random.nextBoolean()) {
            actions.add(() -> issued("adversary-key-" + run, secrets, issuedKeys, violations));
        }
        for (int i = random.nextInt(2); i > 0; i--) {
            actions.add(() -> expected("the audit trail read by the viewer", shop.get("api/admin/audit?limit=100", "Authorization",
                    credentials.get("viewer")), 200, violations));
        }
        Collections.shuffle(actions, random);

        List<Tried> tried = inParallel(actions);
        tried.addAll(foreignReads(tried, keyOf));
        judge(tried, violations, roomSale, List.of(roomSku, addedSku, plainSku), ticketOf, switchedOn.getOrDefault("at", Long.MAX_VALUE));
        changes.judge(violations);
        webhooks.judge();
        issuedKeys.values().forEach(id -> expected("a key revoked", shop.adminPostEmpty("api/admin/api-keys/" + id + "/revoke"), 204,
                violations));
        expected("the audit trail read by the viewer", shop.get("api/admin/audit?limit=200", "Authorization", credentials.get("viewer")),
                200, violations);
        violations.addAll(secrets.violations());
        if (foil == Foil.NAIVE_CHECKOUT) {
            undoNaiveCheckout(roomSku);
        }
        return violations;
    }

    /**
     * The foil's holds leave with it: they have no ledger entry and no buyer count, and the stock
     * row's held units they overwrote are counted again from the holds left, so that the sweeper
     * can expire the real ones when their time runs out and no later test reads the foil's leftovers.
     */
    private static void undoNaiveCheckout(String sku) {
        Db.update("DELETE FROM reservation r WHERE r.sku = ? AND NOT EXISTS (SELECT 1 FROM stock_movement m WHERE m.reservation_id = r.id)",
                sku);
        Db.update("UPDATE stock_shard s SET held = (SELECT coalesce(sum(r.qty), 0) FROM reservation r"
                + " WHERE r.sku = s.sku AND r.shard = s.shard AND r.status = 'HELD') WHERE s.sku = ?", sku);
    }

    /** The administrator issues a storefront key, its secret one of the run's, and lists the keys. */
    private Tried issued(String name, SecretsInAnswers secrets, Map<String, String> issuedKeys, List<String> violations) {
        long started = System.nanoTime();
        Api.Answer issued = shop.adminPost("api/admin/api-keys", "{\"name\":\"" + name + "\"}");
        if (issued.status() == 201) {
            secrets.minted(Kind.STOREFRONT_KEY, issued.json().getString("key"));
            issuedKeys.put(name, issued.json().getString("id"));
        }
        expected("the storefront keys listed", shop.adminGet("api/admin/api-keys"), 200, violations);
        return expected("a storefront key issued", issued, 201, violations, started);
    }

    /** @return what was tried, a violation added when it did not answer {@code status} */
    private static Tried expected(String what, Api.Answer answer, int status, List<String> violations, long started) {
        if (answer.status() != status) {
            violations.add(what + " answered " + answer.status() + ", not " + status);
        }
        return new Tried(what, null, null, started, answer.status(), problem(answer), null);
    }

    private static Tried expected(String what, Api.Answer answer, int status, List<String> violations) {
        return expected(what, answer, status, violations, System.nanoTime());
    }

    /** Polls every ticket until the room admitted {@code expected} of them; @return buyer -> token of those admitted */
    private Map<String, String> admitted(UUID sale, Map<String, Api> keyOf, Map<String, String> ticketOf, int expected) {
        Map<String, String> tokens = new HashMap<>();
        Awaitility.await("the room admits " + expected).atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
            for (Map.Entry<String, String> ticket : ticketOf.entrySet()) {
                var answer = RoomSales.poll(keyOf.get(ticket.getKey()), sale, ticket.getValue());
                if (answer.getString("status").equals("ADMITTED")) {
                    tokens.put(ticket.getKey(), answer.getString("token"));
                }
            }
            return tokens.size() >= expected;
        });
        return tokens;
    }

    private Tried reserve(String kind, Api key, String sku, String buyer, String token, String idempotencyKey) {
        long started = System.nanoTime();
        Api.Answer answer = token == null
                ? key.post("api/reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", idempotencyKey)
                : key.post("api/reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", idempotencyKey, TOKEN_HEADER, token);
        String id = answer.status() == 200 || answer.status() == 201 ? answer.json().getString("id") : null;
        return new Tried(kind + (key == kiosk ? "@kiosk" : "@shop"), token, idempotencyKey, started, answer.status(), problem(answer), id);
    }

    /** The foil: the bot's reserve through the naive checkout, which knows nothing of tokens. */
    private Tried naive(String sku, String buyer, String token, String key) {
        long started = System.nanoTime();
        Api.Answer answer = shop.post("api/test/naive-reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", key);
        return new Tried("bot@shop", token, key, started, answer.status(), problem(answer), null);
    }

    private Tried asRole(String role, RoleMatrix.Cell cell, UUID sale) {
        String path = cell.path().substring(1).replace("{id}", cell.path().contains("/sales/") ? sale.toString() : UUID.randomUUID().toString())
                .replaceAll("\\{[^}]+}", "x");
        String[] headers = {"Authorization", credentials.get(role), "X-Requested-By", "flashsale-tests"};
        long started = System.nanoTime();
        Api.Answer answer = switch (cell.method()) {
            case "POST" -> shop.post(path, "{}", headers);
            case "PUT" -> shop.put(path, "{}", headers);
            case "DELETE" -> shop.delete(path, headers);
            default -> throw new IllegalStateException(cell.toString());
        };
        return new Tried("role " + role + " " + cell, null, null, started, answer.status(), problem(answer), null);
    }

    /** Each key asks for, cancels and confirms the other key's reservations. */
    private List<Tried> foreignReads(List<Tried> tried, Map<String, Api> keyOf) {
        List<Tried> reads = new ArrayList<>();
        for (Tried made : tried) {
            if (made.reservationId() == null) {
                continue;
            }
            Api other = made.kind().endsWith("@kiosk") ? shop : kiosk;
            for (Supplier<Api.Answer> call : List.<Supplier<Api.Answer>>of(() -> other.get("api/reservations/" + made.reservationId()),
                    () -> other.cancel(made.reservationId()), () -> other.confirm(made.reservationId()))) {
                long started = System.nanoTime();
                Api.Answer answer = call.get();
                reads.add(new Tried("foreign", null, null, started, answer.status(), problem(answer), null));
            }
        }
        return reads;
    }

    private void judge(List<Tried> tried, List<String> violations, UUID roomSale, List<String> skus, Map<String, String> ticketOf,
                       long roomOnAt) {
        Map<String, Integer> soldPerToken = new HashMap<>();
        Map<String, String> reservationOfKey = new HashMap<>();
        for (Tried one : tried) {
            String kind = one.kind();
            if (one.status() < 0 || one.status() >= 500) {
                violations.add(kind + " answered " + one.status() + " " + one.problem());
            }
            if (kind.startsWith("token-of-another-buyer") || kind.startsWith("token-through-another-key")
                    || kind.startsWith("room-tokenless") || kind.startsWith("added-tokenless")) {
                if (one.sold()) {
                    violations.add(kind + " bought a unit (" + one.status() + ")");
                }
            }
            if (kind.startsWith("plain-tokenless") && one.sold() && one.startedNanos() > roomOnAt) {
                violations.add("a reserve without a token, sent after the room came on, bought a unit");
            }
            if (kind.startsWith("foreign") && one.status() != 404) {
                violations.add("a key reached another key's reservation: " + one.status());
            }
            if (kind.startsWith("role ") && one.status() != 403) {
                violations.add(kind + " answered " + one.status() + ", not 403");
            }
            if (kind.startsWith("room-switched-on") && one.status() != 200) {
                violations.add("the room was not switched on: " + one.status());
            }
            if (one.sold() && one.token() != null && one.status() == 201) {
                soldPerToken.merge(one.token(), 1, Integer::sum);
            }
            if (one.sold() && one.reservationId() != null && kind.startsWith("honest")) {
                String earlier = reservationOfKey.putIfAbsent(one.key(), one.reservationId());
                if (earlier != null && !earlier.equals(one.reservationId())) {
                    violations.add("two answers of one Idempotency-Key gave two reservations");
                }
            }
        }
        soldPerToken.forEach((token, sold) -> {
            if (sold > 1) {
                violations.add("one token made " + sold + " reservations");
            }
        });
        for (String sku : skus) {
            long[] counts = counts(sku);
            if (counts[1] + counts[2] > counts[0] || counts[1] + counts[2] != counts[3]) {
                violations.add(sku + ": total " + counts[0] + ", held " + counts[1] + ", sold " + counts[2] + ", live reservations " + counts[3]);
            }
        }
        long unrecorded = Db.scalar("SELECT count(*) FROM reservation r JOIN sku_item i ON i.sku = r.sku"
                + " WHERE i.sale_id = CAST(? AS uuid) AND NOT EXISTS (SELECT 1 FROM admission_checkout c WHERE c.reservation_id = r.id)",
                roomSale.toString());
        if (unrecorded > 0) {
            violations.add(unrecorded + " reservation(s) of the room sale without the first use of a live token");
        }
        Map<String, String> buyerOfTicket = new HashMap<>();
        ticketOf.forEach((buyer, ticket) -> buyerOfTicket.put(ticket, buyer));
        for (String row : Db.texts("SELECT c.ticket || ' ' || r.buyer_id FROM admission_checkout c JOIN reservation r ON r.id = c.reservation_id"
                + " WHERE c.sale_id = CAST(? AS uuid)", roomSale.toString())) {
            String[] ticketAndBuyer = row.split(" ", 2);
            if (!ticketAndBuyer[1].equals(buyerOfTicket.get(ticketAndBuyer[0]))) {
                violations.add("a ticket bought a unit for " + ticketAndBuyer[1] + ", not for its own buyer");
            }
        }
    }

    /** total, held, sold, and the units of live reservations (HELD and CONFIRMED) of the SKU; zeros for a SKU never added. */
    private static long[] counts(String sku) {
        return new long[] {
            Db.scalar("SELECT coalesce(sum(total), 0) FROM stock_shard WHERE sku = ?", sku),
            Db.scalar("SELECT coalesce(sum(held), 0) FROM stock_shard WHERE sku = ?", sku),
            Db.scalar("SELECT coalesce(sum(sold), 0) FROM stock_shard WHERE sku = ?", sku),
            Db.scalar("SELECT coalesce(sum(qty), 0) FROM reservation WHERE sku = ? AND status IN ('HELD', 'CONFIRMED')", sku)};
    }

    private static List<Tried> inParallel(List<Callable<Tried>> actions) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Tried> tried = new ArrayList<>();
        try {
            for (Future<Tried> future : pool.invokeAll(actions)) {
                try {
                    tried.add(future.get());
                } catch (java.util.concurrent.ExecutionException noAnswer) {
                    tried.add(new Tried("no answer: " + noAnswer.getCause(), null, null, 0, -1, "", null));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return tried;
    }

    private static Api random(Random random, Api a, Api b) {
        return random.nextBoolean() ? a : b;
    }

    private static String problem(Api.Answer answer) {
        return answer.isProblem() ? answer.problemType() : "";
    }
}
