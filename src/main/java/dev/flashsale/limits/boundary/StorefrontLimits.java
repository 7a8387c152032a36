package dev.flashsale.limits.boundary;

import dev.flashsale.limits.control.Buckets;
import dev.flashsale.limits.control.LimitSettings;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    /** @return the refusal when the key or the address has made too many requests, else empty */
    public Optional<ProblemException> refusalOfCaller(String apiKeyName, String address) {
        Optional<ProblemException> refusal = refusal(settings.apiKey(), apiKeyName, "this API key");
        return refusal.isPresent() ? refusal : refusal(settings.address(), address, "this client address");
    }

    /** Throws 429 when the buyer has asked for too many reservations lately. */
    public void checkBuyer(String buyerId) {
        Optional<ProblemException> refusal = refusal(settings.buyer(), buyerId, "this buyer");
        if (refusal.isPresent()) {
            throw refusal.get();
        }
    }

    private Optional<ProblemException> refusal(Limit limit, String id, String whose) {
        long waitMicros = buckets.take(limit, id, 1, TokenUse.TAKE);
        if (waitMicros == 0) {
            return Optional.empty();
        }
        return Optional.of(ProblemException.tooManyRequests("rate-limited",
                "Too many requests of " + whose + "; retry after the time in Retry-After", seconds(waitMicros)));
    }

    static long seconds(long micros) {
        return (micros + 999_999) / 1_000_000;
    }
}
