package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import org.junit.jupiter.api.Test;

/** The tokens a node took from a shared bucket at once, spent in its memory. */
class LeasesTest {

    private static final Limit WIDE = Limit.perSecond("api-key", 5_000, 10_000);
    /** Leases of 10 ms of a limit's rate, spent for up to 100 ms. */
    private final Leases leases = new Leases(10_000, 100_000_000L, 100);

    @Test
    void aLeaseHoldsTenMillisecondsOfTheRateAtMostOnePercentOfTheBurstAndASmallLimitIsNotLeased() {
        assertEquals(50, leases.tokensPerLease(WIDE));
        assertEquals(10, leases.tokensPerLease(Limit.perSecond("address", 100_000, 1_000)), "1% of the burst");
        assertEquals(1, leases.tokensPerLease(Limit.perSecond("buyer", 1, 10)), "a buyer's one a second: every request asks Redis");
        assertEquals(1, leases.tokensPerLease(Limit.perSecond("api-key", 0, 10)), "no limit");
        assertEquals(1, new Leases(0, 0, 100).tokensPerLease(WIDE), "leases off");
    }

    @Test
    void eachTokenIsSpentOnceAndNoneAfterTheLifetime() {
        long now = 1_000_000_000L;
        assertFalse(leases.spend(WIDE, "k", now), "nothing taken yet");
        leases.keep(WIDE, "k", 3, now);
        for (int i = 0; i < 3; i++) {
            assertTrue(leases.spend(WIDE, "k", now + 1_000));
        }
        assertFalse(leases.spend(WIDE, "k", now + 1_000), "all three spent");
        assertFalse(leases.spend(WIDE, "other", now + 1_000), "each caller has its own");

        leases.keep(WIDE, "k", 5, now);
        assertTrue(leases.spend(WIDE, "k", now + 99_999_999L));
        assertFalse(leases.spend(WIDE, "k", now + 100_000_000L), "expired: what was left is not spent");
    }

    @Test
    void anExpiredLeaseGivesItsUnspentTokensBackOnceAndALiveOneNone() {
        long now = 1_000_000_000L;
        leases.keep(WIDE, "k", 5, now);
        assertTrue(leases.spend(WIDE, "k", now));
        assertEquals(0, leases.unspent(WIDE, "k", now + 1_000), "a live lease is spent, not given back");
        assertEquals(4, leases.unspent(WIDE, "k", now + 100_000_000L));
        assertEquals(0, leases.unspent(WIDE, "k", now + 100_000_000L), "given back once");
        assertEquals(0, leases.unspent(WIDE, "other", now), "no lease, nothing to give back");
    }

    @Test
    void leasesTakenAtOnceAddUpAndANewOneReplacesAnExpiredOne() {
        long now = 1_000_000_000L;
        leases.keep(WIDE, "k", 2, now);
        leases.keep(WIDE, "k", 2, now + 50_000_000L);
        for (int i = 0; i < 4; i++) {
            assertTrue(leases.spend(WIDE, "k", now + 120_000_000L), "both threads' tokens, live from the later lease on");
        }
        assertFalse(leases.spend(WIDE, "k", now + 120_000_000L));

        leases.keep(WIDE, "x", 3, now);
        leases.keep(WIDE, "x", 1, now + 100_000_000L);
        assertTrue(leases.spend(WIDE, "x", now + 100_000_000L));
        assertFalse(leases.spend(WIDE, "x", now + 100_000_000L), "the expired lease's three were not revived");
    }

    @Test
    void aFullMapDropsTheSpentAndTheExpiredFirst() {
        Leases small = new Leases(10_000, 100_000_000L, 3);
        long now = 1_000_000_000L;
        small.keep(WIDE, "spent", 1, now);
        assertTrue(small.spend(WIDE, "spent", now));
        small.keep(WIDE, "live", 5, now);
        small.keep(WIDE, "also-live", 5, now);
        small.keep(WIDE, "new", 5, now);
        assertEquals(3, small.size());
        assertTrue(small.spend(WIDE, "live", now) && small.spend(WIDE, "also-live", now) && small.spend(WIDE, "new", now));
    }
}
