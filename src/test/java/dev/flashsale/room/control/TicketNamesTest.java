package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.KeyOwner;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TicketNamesTest {

    private static final KeyOwner KIOSK = new KeyOwner(UUID.fromString("5f0c2a8e-93d1-4c1e-9a43-1d2b3c4d5e6f"));

    @Test
    void aTicketIsItsOwnersAndNoOtherKeys() {
        String ticket = TicketNames.fresh(KIOSK);
        assertEquals(46, ticket.length(), ticket);
        assertTrue(TicketNames.isName(ticket));
        assertTrue(TicketNames.isOwnedBy(ticket, KIOSK));
        assertFalse(TicketNames.isOwnedBy(ticket, KeyOwner.CONFIGURED));
        assertNotEquals(ticket, TicketNames.fresh(KIOSK), "the random part differs");
    }

    @Test
    void aNameOfAnotherShapeIsNoTicket() {
        String ticket = TicketNames.fresh(KeyOwner.CONFIGURED);
        assertFalse(TicketNames.isName(ticket.substring(0, 24)), "a ticket of the old shape, without its owner");
        assertFalse(TicketNames.isOwnedBy(ticket + "x", KeyOwner.CONFIGURED));
        assertFalse(TicketNames.isName(null));
    }
}
