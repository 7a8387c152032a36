package dev.flashsale.limits.boundary;

import dev.flashsale.limits.control.Buckets;
import dev.flashsale.limits.control.LimitSettings;
import dev.flashsale.limits.control.Refusals;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Failed logins per user name and per client address, shared by all nodes. Checked before a
 * password is hashed (PBKDF2 is slow on purpose), so that guessing costs the guesser, not the
 * server: past the limit, a login is refused unheard until the bucket has a token again. Only
 * failures count, so a user who logs in right is never slowed down by their own logins.
 *
 * <p>Guessing must not lock the owner out (OWASP ASVS V2.2): a user's limit, once spent, refuses
 * only the addresses that failed lately themselves (whose own bucket is not full); from an address
 * with no failure lately the password is still checked, so the owner logs in from elsewhere however
 * many addresses guess. A guesser who spreads over addresses gets, while the user's limit is spent,
 * one guess per address per refill instead of the address's burst. One address alone cannot spend a
 * user's limit: the address's limit is the lower of the two.
 *
 * <p>A refusal is kept in this node's memory for as long as it holds, so that a guesser told to
 * wait costs no call to Redis until then.
 */
@ApplicationScoped
public class LoginLimits {

    @Inject
    Buckets buckets;

    @Inject
    LimitSettings settings;

    private final Refusals refused = new Refusals(10_000);

    /** @return the seconds to wait when the address, or the user from an address that failed lately, failed too often, else empty */
    public OptionalLong refusal(String user, String address) {
        String addressId = "address:" + address;
        String userId = "user:" + normalised(user) + "@" + address;
        long known = Math.max(refused.remaining(addressId).orElse(0), refused.remaining(userId).orElse(0));
        if (known > 0) {
            return OptionalLong.of(StorefrontLimits.seconds(known));
        }
        long[] waits = take(user, address, TokenUse.PEEK);
        long addressWait = waits[0];
        long userWait = waits[1] > 0 && !failedNothingLately(address) ? waits[1] : 0;
        if (addressWait > 0) {
            refused.refused(addressId, addressWait);
        }
        if (userWait > 0) {
            refused.refused(userId, userWait);
        }
        long wait = Math.max(addressWait, userWait);
        return wait == 0 ? OptionalLong.empty() : OptionalLong.of(StorefrontLimits.seconds(wait));
    }

    /** A password check failed: it counts against the user and the address. */
    public void failed(String user, String address) {
        take(user, address, TokenUse.COUNT);
    }

    /** The address's bucket and the user's, in one round trip. */
    private long[] take(String user, String address, TokenUse use) {
        return buckets.take(List.of(settings.loginAddress(), settings.loginUser()), List.of(address, normalised(user)), 1, use);
    }

    /** Whether the address's bucket is full: no failed login from it within one refill. */
    private boolean failedNothingLately(String address) {
        Limit limit = settings.loginAddress();
        return !limit.unlimited() && buckets.take(List.of(limit), List.of(address), limit.burst(), TokenUse.PEEK)[0] == 0;
    }

    private static String normalised(String user) {
        return user.strip().toLowerCase(Locale.ROOT);
    }
}
