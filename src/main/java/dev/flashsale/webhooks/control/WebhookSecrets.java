package dev.flashsale.webhooks.control;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Secrets in the Standard Webhooks form, {@code whsec_<base64>}: the receiver's libraries take
 * them as they are, and sign with the decoded bytes. The specification asks for 24 to 64 bytes.
 */
public final class WebhookSecrets {

    public static final String PREFIX = "whsec_";
    public static final int MIN_BYTES = 24;
    public static final int MAX_BYTES = 64;
    /** How much of a secret a list shows: the prefix and four characters, enough to tell two apart. */
    private static final int SHOWN = PREFIX.length() + 4;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSecrets() {
    }

    /** A new secret of 32 random bytes. */
    public static String generate() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** What is wrong with {@code secret}, if anything. */
    public static Optional<String> problemWith(String secret) {
        if (secret.length() > PREFIX.length() + 4 * ((MAX_BYTES + 2) / 3) || !secret.startsWith(PREFIX)) {
            return Optional.of("must be whsec_ followed by the base64 of " + MIN_BYTES + " to " + MAX_BYTES + " bytes");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
        } catch (IllegalArgumentException notBase64) {
            return Optional.of("must be whsec_ followed by base64 (standard alphabet, padded)");
        }
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            return Optional.of("decodes to " + key.length + " bytes; a secret is " + MIN_BYTES + " to " + MAX_BYTES + " bytes");
        }
        return Optional.empty();
    }

    /** The bytes that sign: the base64 after the prefix, decoded. */
    public static byte[] key(String secret) {
        return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
    }

    /** The part of a secret a list may show. */
    public static String shown(String secret) {
        return secret.substring(0, Math.min(secret.length(), SHOWN)) + "…";
    }
}
