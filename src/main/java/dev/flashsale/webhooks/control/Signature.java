package dev.flashsale.webhooks.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code webhook-signature} header of the Standard Webhooks specification: {@code v1,} and the
 * base64 of HMAC-SHA256 over {@code <webhook-id>.<webhook-timestamp>.<body>}, keyed with the
 * secret's decoded bytes. The timestamp is the attempt's, so a receiver rejects replays outside
 * its window; the id is the event's, the same on every attempt, so a receiver drops duplicates.
 */
public final class Signature {

    private Signature() {
    }

    public static String of(String secret, String messageId, long timestampSeconds, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(WebhookSecrets.key(secret), "HmacSHA256"));
            byte[] signed = mac.doFinal((messageId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
