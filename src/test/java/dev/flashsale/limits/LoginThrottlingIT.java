package dev.flashsale.limits;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Password guessing at full speed must not take the storefront down: a wrong password costs a
 * PBKDF2 hash (about 0.1 s of a core) only until the failed-login limits refuse the guesser; past
 * them a guess is refused unheard (429 too-many-failed-logins, no hash), the storefront's other
 * requests are all served, and the user still logs in from elsewhere.
 *
 * <p>Every guess carries a password never tried before, so each one answered 401 is one hash:
 * counting them counts the server's hashing. How fast reservations go beside guessing, set
 * against the same load of pings, is a figure of the benchmark program
 * ({@code dev.flashsale.bench.LoginGuessing}), not a test.
 */
@Tag("core")
class LoginThrottlingIT {

    private static final String GUESSER = "198.51.100.66";
    private static final String GUESSED_PATH = "api/admin/sales";
    private static final int CLIENTS = 8;
    private static final int GUESSES = 600;
    /** One reservation after every two guesses, from the same crowd, all while the guessing goes on. */
    private static final int RESERVE_EVERY = 3;
    /** flashsale.limits.login-address.*: a burst of 10, then one failure every 6 s. */
    private static final int ADDRESS_BURST = 10;
    private static final Duration ADDRESS_REFILL = Duration.ofSeconds(6);

    private final Api api = new Api(TestServer.url());
    private final Api anonymous = api.withStorefrontKey(null);

    @Test
    void guessesPastTheLimitAreRefusedUnhashedReservationsAllGoThroughAndTheUserStillLogsIn() throws Exception {
        String user = "guessed-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "right-" + UUID.randomUUID();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password
                + "\",\"role\":\"viewer\"}").status());
        String sku = Sales.openSku(api, 1_000_000, 1, 600, "REFUSE");

        long started = System.nanoTime();
        List<Sent> sent = Crowd.run(CLIENTS, GUESSES * RESERVE_EVERY / (RESERVE_EVERY - 1), i -> i % RESERVE_EVERY == 0
                ? new Sent(false, api.reserve(sku + "-" + i, sku, "buyer-" + i, 1))
                : new Sent(true, guess(user)));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        List<Api.Answer> reservations = sent.stream().filter(s -> !s.guess()).map(Sent::answer).toList();
        assertEquals(Map.of(201, (long) reservations.size()), byStatus(reservations), "every reservation made beside the guessing");
        assertEquals(reservations.size(), Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));

        List<Api.Answer> guesses = sent.stream().filter(Sent::guess).map(Sent::answer).toList();
        Map<Integer, Long> guessed = byStatus(guesses);
        assertEquals(guesses.size(), guessed.getOrDefault(401, 0L) + guessed.getOrDefault(429, 0L), "only 401 and 429: " + guessed);
        // Hashed: the address's burst, then, each time the bucket refilled while the crowd ran
        // (however long it took), the guesses already past the check before the failure was
        // counted: one a client at most, each time.
        long hashedAtMost = ADDRESS_BURST + CLIENTS * (1 + took.toMillis() / ADDRESS_REFILL.toMillis());
        assertTrue(guessed.getOrDefault(401, 0L) <= hashedAtMost,
                "only the first guesses were hashed (at most " + hashedAtMost + " in " + took.toMillis() + " ms): " + guessed);
        guesses.stream().filter(answer -> answer.status() == 429).forEach(LoginThrottlingIT::assertRefusedUnheard);

        // Right after a guess refused with at least 5 s to wait (one answered 401 has just spent a
        // token the bucket had refilled; one refused with less is close to its next token, which a
        // slow request could reach), the right password from the guesser's address is refused unheard too.
        await("a guess refused with at least 5 s to wait").atMost(ADDRESS_REFILL.multipliedBy(5)).pollInterval(Duration.ofMillis(200))
                .until(() -> guess(user), answer -> answer.status() == 429 && Long.parseLong(answer.header("Retry-After")) >= 5);
        Api.Answer refused = anonymous.get(GUESSED_PATH, "Authorization", Api.basic(user, password), "X-Forwarded-For", GUESSER);
        assertEquals(429, refused.status(), "the guesser's address is refused, the right password unheard: " + refused);
        assertRefusedUnheard(refused);
        Api.Answer elsewhere = anonymous.get(GUESSED_PATH, "Authorization", Api.basic(user, password),
                "X-Forwarded-For", "198.51.100.77");
        assertEquals(200, elsewhere.status(), "the user logs in from another address: " + elsewhere);
    }

    private record Sent(boolean guess, Api.Answer answer) {
    }

    /** A wrong password never tried before, from the guesser's address. */
    private Api.Answer guess(String user) {
        return anonymous.get(GUESSED_PATH, "Authorization", Api.basic(user, "wrong-" + UUID.randomUUID()),
                "X-Forwarded-For", GUESSER);
    }

    private static void assertRefusedUnheard(Api.Answer answer) {
        assertTrue(answer.isProblem(), answer.toString());
        assertEquals("too-many-failed-logins", answer.problemType(), answer.toString());
        assertTrue(Long.parseLong(answer.header("Retry-After")) >= 1, answer.toString());
    }

    private static Map<Integer, Long> byStatus(List<Api.Answer> answers) {
        return answers.stream().collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
    }
}
