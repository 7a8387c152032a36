package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.ProblemException;
import java.util.UUID;

/** Identifiers in paths are UUIDs; anything else is the client's mistake, said plainly. */
public final class Ids {

    private Ids() {
    }

    public static UUID parse(String text, String what) {
        try {
            if (text != null && text.length() == 36) {
                return UUID.fromString(text);
            }
        } catch (IllegalArgumentException notAUuid) {
            // answered below
        }
        throw ProblemException.badRequest("invalid-id", "A " + what + " id is a UUID such as 3f2b8c1e-9d4a-4e2b-8f7a-1c2d3e4f5a6b");
    }
}
