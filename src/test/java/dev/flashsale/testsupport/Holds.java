package dev.flashsale.testsupport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

/** What the tests await of a hold that the server moves in its own time (the sweeper's timer). */
public final class Holds {

    /**
     * The sweeper's timer runs every second in the tests' server; thirty seconds are what a
     * machine five times slower than this one, also busy with other work, still leaves it.
     */
    public static final Duration SWEPT_WITHIN = Duration.ofSeconds(30);

    private Holds() {
    }

    /** Polls the reservation until the storefront API reads it in {@code status}; fails at the deadline. */
    public static void awaitStatus(Api api, String reservationId, String status) {
        await("reservation " + reservationId + " " + status).atMost(SWEPT_WITHIN).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertEquals(status, api.get("api/reservations/" + reservationId).json().getString("status")));
    }
}
