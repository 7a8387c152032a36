package dev.flashsale.room.control;

import dev.flashsale.platform.id.KeyOwner;
import java.nio.ByteBuffer;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A ticket's name: {@code t_}, its owner (the storefront key that took it, {@link KeyOwner}'s id
 * in 22 characters), then 128 random bits in 22 more. The name is all a poll or a leave needs, so
 * its random part is unguessable; and the name carries its owner, so that another key's poll or
 * leave is answered "no such ticket" before the room is asked, and a ticket never changes hands:
 * a key can only ever name its own tickets (the owner is part of the name Redis knows it by).
 */
public final class TicketNames {

    private static final String MARK = "t_";
    /** {@code t_}, the owner's 22 characters, the random part's 22. */
    static final int LENGTH = 46;
    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();
    /** A generator per thread, seeded by the system's, so that a crowd's tickets share no lock and make no system call. */
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(TicketNames::newRandom);

    private TicketNames() {
    }

    /** A new ticket's name, {@code owner}'s. */
    public static String fresh(KeyOwner owner) {
        byte[] random = new byte[16];
        RANDOM.get().nextBytes(random);
        return prefixOf(owner) + BASE64.encodeToString(random);
    }

    /**
     * Whether {@code ticket} is a ticket's name at all: {@code t_} and 44 characters of URL-safe
     * Base64. Checked character by character, not by a pattern: every poll checks its ticket's name.
     */
    public static boolean isName(String ticket) {
        if (ticket == null || ticket.length() != LENGTH || !ticket.startsWith(MARK)) {
            return false;
        }
        for (int i = MARK.length(); i < LENGTH; i++) {
            if (!isUrlBase64(ticket.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUrlBase64(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_';
    }

    /** Whether {@code ticket} is a ticket's name, taken by {@code owner}'s key. */
    public static boolean isOwnedBy(String ticket, KeyOwner owner) {
        return isName(ticket) && ticket.startsWith(prefixOf(owner));
    }

    private static String prefixOf(KeyOwner owner) {
        ByteBuffer id = ByteBuffer.allocate(16).putLong(owner.id().getMostSignificantBits()).putLong(owner.id().getLeastSignificantBits());
        return MARK + BASE64.encodeToString(id.array());
    }

    private static SecureRandom newRandom() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("DRBG is part of every Java runtime", e);
        }
    }
}
