package dev.flashsale.room.control;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The lottery of a pre-queue, commit then reveal. A seed of 32 random bytes is made when the room
 * is set up and only its SHA-256 is published; at the opening second each pre-queue ticket gets the
 * rank HMAC-SHA256(key = the seed's bytes, message = the ticket's UTF-8 bytes), and the tickets go
 * in ascending order of their ranks (compared as unsigned bytes, i.e. as lower-case hex text; equal
 * ranks, which do not happen in practice, by ticket). Nothing but the seed and the set of tickets
 * decides the order, so anyone given the seed and the tickets recomputes it, and nobody could
 * choose it after seeing the tickets without finding a seed of the published hash.
 */
public final class Lottery {

    public static final String ALGORITHM = "tickets in ascending order of HMAC-SHA256(key = seed bytes, message = ticket UTF-8), "
            + "compared as lower-case hex; equal ranks by ticket";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();

    private Lottery() {
    }

    /** A new seed: 32 random bytes. */
    public static byte[] newSeed() {
        byte[] seed = new byte[32];
        RANDOM.nextBytes(seed);
        return seed;
    }

    /** What is published before the draw: the SHA-256 of the seed's bytes, in hex. */
    public static String seedHash(byte[] seed) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(seed));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** The ticket's rank under the seed, in hex. */
    public static String rank(byte[] seed, String ticket) {
        return HEX.formatHex(mac(seed).doFinal(ticket.getBytes(StandardCharsets.UTF_8)));
    }

    /** The tickets in the lottery's order; the order they are given in does not matter. */
    public static List<String> order(byte[] seed, List<String> tickets) {
        Mac mac = mac(seed);
        record Ranked(String ticket, String rank) {
        }
        return tickets.stream()
                .map(ticket -> new Ranked(ticket, HEX.formatHex(mac.doFinal(ticket.getBytes(StandardCharsets.UTF_8)))))
                .sorted(Comparator.comparing(Ranked::rank).thenComparing(Ranked::ticket))
                .map(Ranked::ticket)
                .toList();
    }

    public static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    public static byte[] fromHex(String hex) {
        return HEX.parseHex(hex);
    }

    private static Mac mac(byte[] seed) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Arrays.copyOf(seed, seed.length), "HmacSHA256"));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
