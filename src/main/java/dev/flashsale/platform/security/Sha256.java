package dev.flashsale.platform.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The SHA-256 of a text, as 64 hex digits: how secrets are kept and compared without keeping them. */
public final class Sha256 {

    private static final HexFormat HEX = HexFormat.of();

    /**
     * One digest per thread: looking the algorithm up is most of the cost of hashing a short text,
     * and every storefront request hashes its key and the ids of its rate limits.
     */
    private static final ThreadLocal<MessageDigest> DIGESTS = ThreadLocal.withInitial(Sha256::newDigest);

    private Sha256() {
    }

    public static String hex(String text) {
        MessageDigest digest = DIGESTS.get();
        // digest() resets it for the next text, even if this one failed half-way.
        return HEX.formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
