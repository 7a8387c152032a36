package dev.flashsale.room.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.entity.AdmissionClaims;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Admission tokens: {@code fsr1.<claims>.<signature>}, the claims (sale, ticket, expiry in epoch
 * ms, buyer, separated by line feeds; a buyer id has no control character) and their
 * HMAC-SHA256 under {@code flashsale.room.token-key}, both base64url without padding. Every node
 * must have the same key; without one, this node makes one up and says so: its tokens are then
 * good on this node only.
 */
@ApplicationScoped
public class AdmissionTokens {

    private static final Logger LOG = Logger.getLogger(AdmissionTokens.class.getName());
    private static final String VERSION = "fsr1";
    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getUrlDecoder();

    @Inject
    @ConfigProperty(name = "flashsale.room.token-key")
    Optional<String> configuredKey;

    private SecretKeySpec key;
    /** A Mac per thread, made once: looking one up and keying it costs more than the signature. */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

    /** Tokens signed with {@code secret}, outside the server (a test). */
    public static AdmissionTokens withKey(String secret) {
        AdmissionTokens tokens = new AdmissionTokens();
        tokens.configuredKey = Optional.of(secret);
        tokens.loadKey();
        return tokens;
    }

    @PostConstruct
    void loadKey() {
        String secret = configuredKey.map(String::strip).filter(text -> !text.isEmpty()).orElse(null);
        if (secret == null) {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            key = new SecretKeySpec(random, "HmacSHA256");
            LOG.warning("No flashsale.room.token-key (FLASHSALE_ROOM_TOKEN_KEY): admission tokens are signed with a key"
                    + " made up at start-up, good on this node only. Give every node the same key.");
            return;
        }
        if (secret.length() < 32) {
            LOG.warning("flashsale.room.token-key is shorter than 32 characters: admission tokens are easier to forge");
        }
        key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    public String sign(AdmissionClaims claims) {
        String body = ENCODE.encodeToString((claims.saleId() + "\n" + claims.ticket() + "\n" + claims.expiresAtMillis() + "\n"
                + claims.buyerId()).getBytes(StandardCharsets.UTF_8));
        return VERSION + "." + body + "." + ENCODE.encodeToString(mac(VERSION + "." + body));
    }

    /** @return the claims of a token whose signature is good; empty for anything else */
    public Optional<AdmissionClaims> verify(String token) {
        if (token == null || token.length() > 1024) {
            return Optional.empty();
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals(VERSION)) {
            return Optional.empty();
        }
        try {
            byte[] signature = DECODE.decode(parts[2]);
            if (!MessageDigest.isEqual(signature, mac(parts[0] + "." + parts[1]))) {
                return Optional.empty();
            }
            String[] claims = new String(DECODE.decode(parts[1]), StandardCharsets.UTF_8).split("\n", 4);
            return Optional.of(new AdmissionClaims(new SaleId(UUID.fromString(claims[0])), claims[1], Long.parseLong(claims[2]),
                    new BuyerId(claims[3])));
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException | ProblemException malformed) {
            return Optional.empty();
        }
    }

    private byte[] mac(String signed) {
        return macs.get().doFinal(signed.getBytes(StandardCharsets.UTF_8));
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
