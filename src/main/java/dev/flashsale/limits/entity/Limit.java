package dev.flashsale.limits.entity;

/**
 * A rate limit: a bucket of {@code burst} tokens that fills at {@code tokensPerSecond}. One
 * bucket is kept per scope and id (per buyer id, per address...).
 *
 * @param scope what the buckets count, a short name that is part of their Redis keys
 * @param microsPerToken how long one token takes to come back; 0 = no limit
 * @param burst how many tokens a full bucket holds
 */
public record Limit(String scope, long microsPerToken, int burst) {

    public Limit {
        if (!scope.matches("[a-z][a-z-]{0,31}")) {
            throw new IllegalArgumentException("A limit's scope is a short lower-case name: " + scope);
        }
        if (microsPerToken < 0 || burst < 1) {
            throw new IllegalArgumentException("A limit of " + scope + " needs a burst of at least 1 and a rate >= 0");
        }
    }

    /** @param tokensPerSecond 0 or less = no limit */
    public static Limit perSecond(String scope, double tokensPerSecond, int burst) {
        return new Limit(scope, tokensPerSecond <= 0 ? 0 : Math.max(1, Math.round(1_000_000 / tokensPerSecond)), burst);
    }

    /** @param tokensPerMinute 0 or less = no limit */
    public static Limit perMinute(String scope, double tokensPerMinute, int burst) {
        return perSecond(scope, tokensPerMinute / 60, burst);
    }

    public boolean unlimited() {
        return microsPerToken == 0;
    }
}
