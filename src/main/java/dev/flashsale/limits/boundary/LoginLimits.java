package dev.flashsale.limits.boundary;

import dev.flashsale.limits.control.Buckets;
import dev.flashsale.limits.control.LimitSettings;
import dev.flashsale.limits.control.Refusals;
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
 * failures count, so a user who logs in right is never slowed down by their own logins. One
 * address cannot lock a user out: the address's limit is the lower of the two. A refusal is kept
 * in this node's memory for as long as it holds, so that a guesser told to wait costs no call
 * to Redis until then.
 */
@ApplicationScoped
public class LoginLimits {

    @Inject
    Buckets buckets;

    @Inject
    LimitSettings settings;

    private final Refusals refused = new Refusals(10_000);

    /** @return the seconds to wait when the user or the address failed too often lately, else empty */
    public OptionalLong refusal(String user, String address) {
        String addressId = "address:" + address;
        String userId = "user:" + normalised(user);
        long known = Math.max(refused.remaining(addressId).orElse(0), refused.remaining(userId).orElse(0));
        if (known > 0) {
            return OptionalLong.of(StorefrontLimits.seconds(known));
        }
        long[] waits = take(user, address, TokenUse.PEEK);
        long addressWait = waits[0];
        long userWait = waits[1];
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

    private static String normalised(String user) {
        return user.strip().toLowerCase(Locale.ROOT);
    }
}
