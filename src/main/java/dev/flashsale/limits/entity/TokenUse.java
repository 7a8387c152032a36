package dev.flashsale.limits.entity;

/** How a request uses a bucket (the modes of {@code lua/take_tokens.lua}). */
public enum TokenUse {
    /** Take a token if there is one; otherwise take nothing and be refused. */
    TAKE,
    /** Take nothing; only tell whether a token is there. */
    PEEK,
    /** Take a token even from an empty bucket: something that already happened (a failed login). */
    COUNT,
    /**
     * Take as many of the tokens asked for as the bucket has, at least one, for a node to spend
     * in its memory; answered -n for n tokens taken, else the wait for one. Shared buckets only.
     */
    LEASE;

    public String script() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
