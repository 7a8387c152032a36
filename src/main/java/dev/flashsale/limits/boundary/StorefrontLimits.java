package dev.flashsale.limits.boundary;

import dev.flashsale.limits.control.Buckets;
import dev.flashsale.limits.control.LimitSettings;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * The storefront API's rate limits, shared by all nodes: requests per API key and per client
 * address (every storefront request), and reservations per buyer id.
 */
@ApplicationScoped
public class StorefrontLimits {

    @Inject
    Buckets buckets;

    @Inject
    LimitSettings settings;

    /**
     * Both buckets in one round trip; each counts the request whether the other lets it through or not.
     *
     * @return the refusal when the key or the address has made too many requests, else empty
     */
    public Optional<ProblemException> refusalOfCaller(String apiKeyName, String address) {
        long[] waits = buckets.take(List.of(settings.apiKey(), settings.address()), List.of(apiKeyName, address), 1,
                TokenUse.TAKE);
        if (waits[0] > 0) {
            return Optional.of(refusal(waits[0], "this API key"));
        }
        return waits[1] > 0 ? Optional.of(refusal(waits[1], "this client address")) : Optional.empty();
    }

    /**
     * Throws 429 when the buyer has asked for too many reservations lately. A buyer is counted in
     * the space of the storefront key that sends it: another key naming the same buyer id spends
     * a bucket of its own.
     */
    public void checkBuyer(KeyOwner owner, BuyerId buyerId) {
        long wait = buckets.take(List.of(settings.buyer()), List.of(buyerBucket(owner, buyerId)), 1, TokenUse.TAKE)[0];
        if (wait > 0) {
            throw refusal(wait, "this buyer");
        }
    }

    /** The id of a buyer's bucket: the buyer in its key owner's space. */
    public static String buyerBucket(KeyOwner owner, BuyerId buyerId) {
        return owner.id() + "/" + buyerId.value();
    }

    private static ProblemException refusal(long waitMicros, String whose) {
        return ProblemException.tooManyRequests("rate-limited",
                "Too many requests of " + whose + "; retry after the time in Retry-After", seconds(waitMicros));
    }

    static long seconds(long micros) {
        return (micros + 999_999) / 1_000_000;
    }
}
