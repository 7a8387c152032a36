package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.TestServer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Guessing cannot lock the owner out (OWASP ASVS V2.2): 120 wrong passwords, each new, from three
 * addresses, run every address into the failed-login limits, and the owner's right password from a
 * fourth address still gets in. The tests' own address is a trusted proxy, so X-Forwarded-For says
 * which address a request comes from.
 */
@Tag("security")
class LoginLockoutIT {

    private static final int GUESSES = 120;
    private static final String GUESSED_PATH = "api/admin/sales";
    private static final int USER_BURST = 30;

    private final Api api = new Api(TestServer.url());
    private final Api anonymous = api.withStorefrontKey(null);

    @Test
    void wrongPasswordsFromThreeAddressesDoNotLockTheOwnerOut() throws Exception {
        String owner = "owner-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "right-" + UUID.randomUUID();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + owner + "\",\"password\":\"" + password
                + "\",\"role\":\"viewer\"}").status());
        // Addresses of this run only (TEST-NET-3), so that no earlier run's buckets count.
        String net = "203.0.113.";
        int first = 1 + (int) (Math.random() * 200);
        List<String> guessers = List.of(net + first, net + (first + 1), net + (first + 2));
        // Three guessers at once, one an address: as fast as they can, not one after the other.
        List<Guess> guesses = Crowd.run(guessers.size(), GUESSES, i -> {
            String from = guessers.get(i % guessers.size());
            return new Guess(from, anonymous.get(GUESSED_PATH, "Authorization", Api.basic(owner, "wrong-" + UUID.randomUUID()),
                    "X-Forwarded-For", from).status());
        });
        Map<String, Map<Integer, Integer>> answers = new TreeMap<>();
        guesses.forEach(guess -> answers.computeIfAbsent(guess.from(), address -> new TreeMap<>()).merge(guess.status(), 1, Integer::sum));
        for (String from : guessers) {
            Map<Integer, Integer> got = answers.get(from);
            assertEquals(GUESSES / guessers.size(), got.getOrDefault(401, 0) + got.getOrDefault(429, 0), from + ": " + got);
            assertTrue(got.getOrDefault(429, 0) > 0, "the guesses from " + from + " ran into the limits: " + got);
        }
        // flashsale.limits.login-user.burst: the wrong passwords checked spent the user's own limit.
        assertTrue(guesses.stream().filter(guess -> guess.status() == 401).count() >= USER_BURST, "the user's limit spent: " + answers);
        Api.Answer owners = anonymous.get(GUESSED_PATH, "Authorization", Api.basic(owner, password),
                "X-Forwarded-For", net + (first + 3));
        assertEquals(200, owners.status(), "the owner from a fourth address, after " + answers + ": " + owners);
    }

    private record Guess(String from, int status) {
    }
}
