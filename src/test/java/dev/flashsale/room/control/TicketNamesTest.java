package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.KeyOwner;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Pattern;
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

    /**
     * The name is checked character by character; it says what the pattern {@code t_[A-Za-z0-9_-]{44}}
     * says, for names and near-names alike: each character of a real name swapped for one of a few
     * in and out of URL-safe Base64, names one character short or long, and one with a character outside
     * the 16-bit range (two units) in its middle.
     */
    @Test
    void aNameIsCheckedAsItsPatternWouldCheckIt() {
        Pattern pattern = Pattern.compile("t_[A-Za-z0-9_-]{44}");
        Random random = new Random(7);
        // Inside URL-safe Base64 and just outside its ranges ('/', ':', '@', '[', '`', '{'), other marks, a non-ASCII
        // letter and digits, a NUL, and 'T' for the mark's 't'.
        String alphabet = "AZaz09-_+/:@[`{= .\u00e9\u0663\uff21\u0000T";
        int checked = 0;
        for (int round = 0; round < 200; round++) {
            String ticket = TicketNames.fresh(new KeyOwner(new UUID(random.nextLong(), random.nextLong())));
            for (int at = 0; at < ticket.length(); at++) {
                char swapped = alphabet.charAt(random.nextInt(alphabet.length()));
                String near = ticket.substring(0, at) + swapped + ticket.substring(at + 1);
                assertEquals(pattern.matcher(near).matches(), TicketNames.isName(near), near);
                checked++;
            }
            String twoUnits = ticket.substring(0, 10) + new String(Character.toChars(0x1F600)) + ticket.substring(12);
            for (String near : new String[] {ticket, ticket.substring(1), ticket + "A", "T" + ticket.substring(1), "", twoUnits}) {
                assertEquals(pattern.matcher(near).matches(), TicketNames.isName(near), near);
            }
        }
        assertEquals(200 * TicketNames.LENGTH, checked);
    }
}
