package dev.flashsale.access.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.util.Map;

/**
 * The platform's PBKDF2 (Jakarta Security's {@link Pbkdf2PasswordHash}): PBKDF2WithHmacSHA256
 * with 210,000 iterations (the platform's default of 2,048 is far below today's advice), a
 * random 32-byte salt per password, stored as {@code algorithm:iterations:salt:hash}. A stored
 * hash names its own iterations, so raising them later keeps old passwords valid.
 */
@ApplicationScoped
public class Passwords {

    @Inject
    Pbkdf2PasswordHash hash;

    @PostConstruct
    void init() {
        hash.initialize(Map.of(
                "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA256",
                "Pbkdf2PasswordHash.Iterations", "210000",
                "Pbkdf2PasswordHash.SaltSizeBytes", "32",
                "Pbkdf2PasswordHash.KeySizeBytes", "32"));
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
