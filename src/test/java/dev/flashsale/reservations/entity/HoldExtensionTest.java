package dev.flashsale.reservations.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.problem.ProblemException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Why a hold is not extended, in the order the answer gives it, and what an extension may ask for. */
class HoldExtensionTest {

    private static final ReservationId ID = new ReservationId(UUID.fromString("00000000-0000-4000-8000-000000000001"));

    @Test
    void aHoldsEndComesBeforeItsSalesAllowance() {
        assertEquals("reservation-confirmed", refusal(ReservationStatus.CONFIRMED, false, 3, 0, 0));
        assertEquals("reservation-cancelled", refusal(ReservationStatus.CANCELLED, false, 0, 60, 1));
        assertEquals("hold-expired", refusal(ReservationStatus.EXPIRED, false, 0, 60, 1));
        assertEquals("hold-expired", refusal(ReservationStatus.HELD, false, 0, 60, 1), "held but past its deadline");
        assertEquals("hold-expired", refusal(ReservationStatus.HELD, false, 1, 60, 1));
    }

    @Test
    void aLiveHoldIsRefusedByItsSalesAllowance() {
        assertEquals("extension-off", refusal(ReservationStatus.HELD, true, 0, 0, 3));
        assertEquals("extension-off", refusal(ReservationStatus.HELD, true, 0, 60, 0));
        assertEquals("extensions-spent", refusal(ReservationStatus.HELD, true, 2, 60, 2));
        assertEquals("extensions-spent", refusal(ReservationStatus.HELD, true, 3, 60, 2), "an allowance lowered since");
        assertEquals(Optional.empty(), new HoldExtension(ReservationStatus.HELD, true, 1, 60, 2).refusal(ID),
                "nothing forbids it: the refused UPDATE raced a change");
    }

    @Test
    void anExtensionAsksForWholeSecondsUpToADayOrForTheSalesMost() {
        assertNull(ExtensionRequest.SALE_DEFAULT.asked());
        assertEquals(1, new ExtensionRequest(BigDecimal.ONE).asked());
        assertEquals(86_400, new ExtensionRequest(new BigDecimal("86400.00")).asked());
        for (String bad : new String[] {"0", "-1", "1.5", "86401", "1E+30"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> new ExtensionRequest(new BigDecimal(bad)), bad);
            assertEquals(400, refused.toProblem().status());
            assertTrue(refused.toProblem().type().endsWith("/invalid-request"), bad);
            assertEquals("seconds", refused.toProblem().errors().get(0).field());
        }
    }

    private static String refusal(ReservationStatus status, boolean live, int extensions, int maxSeconds, int maxExtensions) {
        ProblemException refused = new HoldExtension(status, live, extensions, maxSeconds, maxExtensions).refusal(ID).orElseThrow();
        assertEquals(409, refused.toProblem().status());
        return refused.toProblem().type().replaceAll(".*/", "");
    }
}
