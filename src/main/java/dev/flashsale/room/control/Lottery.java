package dev.flashsale.room.control;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The lottery of a pre-queue, commit then reveal. A seed of 32 random bytes is made when the room
 * is set up and only its SHA-256 is published. A ticket is a secret (it is all a poll, which hands
 * out the admission token, and a leave take), so the record names each ticket by its commitment,
 * the SHA-256 of its UTF-8 bytes in lower-case hex, and the order is drawn over the commitments: at
 * the opening second each gets the rank HMAC-SHA256(key = the seed's bytes, message = the
 * commitment's hex text), and the tickets go in ascending order of their ranks (compared as
 * lower-case hex text; equal ranks, which do not happen in practice, by commitment). Nothing but
 * the seed and the set of tickets decides the order, so anyone given the seed and the commitments
 * recomputes it, each buyer finds its own ticket's place, and nobody could choose the order after
 * seeing the tickets without finding a seed of the published hash.
 */
public final class Lottery {

    public static final String ALGORITHM = "commitment = lower-case hex SHA-256 of the ticket's UTF-8; commitments in ascending order"
            + " of HMAC-SHA256(key = seed bytes, message = commitment), compared as lower-case hex; equal ranks by commitment";

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
        return sha256(seed);
    }

    /** What the record shows of a ticket: the SHA-256 of its UTF-8 bytes, in hex. */
    public static String commitment(String ticket) {
        return sha256(ticket.getBytes(StandardCharsets.UTF_8));
    }

    /** The rank under the seed of the ticket whose commitment is {@code commitment}, in hex. */
    public static String rank(byte[] seed, String commitment) {
        return HEX.formatHex(mac(seed).doFinal(commitment.getBytes(StandardCharsets.UTF_8)));
    }

    /** The tickets in the lottery's order; the order they are given in does not matter. */
    public static List<String> order(byte[] seed, List<String> tickets) {
        Mac mac = mac(seed);
        // A rank is kept as its 32 bytes, not its 64 hex digits: unsigned byte order is the hex digits'
        // order, and a room of a million tickets sorts in a third of the memory. The commitment, the
        // tie-breaker, is made again only for a tie.
        record Ranked(String ticket, byte[] rank) {
        }
        return tickets.stream()
                .map(ticket -> new Ranked(ticket, mac.doFinal(commitment(ticket).getBytes(StandardCharsets.UTF_8))))
                .sorted((a, b) -> {
                    int byRank = Arrays.compareUnsigned(a.rank(), b.rank());
                    return byRank != 0 ? byRank : commitment(a.ticket()).compareTo(commitment(b.ticket()));
                })
                .map(Ranked::ticket)
                .toList();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
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
