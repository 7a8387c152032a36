package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import java.util.UUID;

/**
 * Identifiers in paths are UUIDs; anything else is the client's mistake, said plainly: the one
 * place that answers 400 {@code invalid-id}, for the storefront's routes (their {@code {name:what}}
 * parameters, converted where the route is matched: {@code StorefrontRoute.ids}) and the admin
 * API's ({@code IdParameters}) alike.
 */
public final class Ids {

    private Ids() {
    }

    /** The UUID the text is, or 400 {@code invalid-id} naming what it should have been the id of. */
    public static UUID uuid(String text, String what) {
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
