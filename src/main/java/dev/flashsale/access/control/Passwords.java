package dev.flashsale.access.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The platform's PBKDF2 (Jakarta Security's {@link Pbkdf2PasswordHash}): PBKDF2WithHmacSHA256
 * with {@code flashsale.admin.password-iterations} iterations (210,000 unless set; the platform's
 * default of 2,048 is far below today's advice, and fewer than {@link #LEAST_ITERATIONS} are
 * refused), a random 32-byte salt per password, stored as {@code algorithm:iterations:salt:hash}.
 * A stored hash names its own iterations, so changing them later keeps old passwords valid.
 */
@ApplicationScoped
public class Passwords {

    public static final int LEAST_ITERATIONS = 10_000;

    @Inject
    Pbkdf2PasswordHash hash;

    @Inject
    @ConfigProperty(name = "flashsale.admin.password-iterations")
    int iterations;

    @PostConstruct
    void init() {
        hash.initialize(Map.of(
                "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA256",
                "Pbkdf2PasswordHash.Iterations", Integer.toString(checked(iterations)),
                "Pbkdf2PasswordHash.SaltSizeBytes", "32",
                "Pbkdf2PasswordHash.KeySizeBytes", "32"));
    }

    /** @return {@code iterations}, refused when fewer than {@link #LEAST_ITERATIONS} */
    static int checked(int iterations) {
        if (iterations < LEAST_ITERATIONS) {
            throw new IllegalStateException("flashsale.admin.password-iterations is " + iterations + ": at least "
                    + LEAST_ITERATIONS + " PBKDF2 iterations protect a password");
        }
        return iterations;
    }

    public String hash(String password) {
        return hash.generate(password.toCharArray());
    }

    public boolean matches(String password, String stored) {
        try {
            return hash.verify(password.toCharArray(), stored);
        } catch (IllegalArgumentException unreadableHash) {
            return false;
        }
    }
}
