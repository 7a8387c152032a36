package dev.flashsale.limits.entity;

/** How a request uses a bucket (the modes of {@code lua/take_tokens.lua}). */
public enum TokenUse {
    /** Take a token if there is one; otherwise take nothing and be refused. */
    TAKE,
    /** Take nothing; only tell whether a token is there. */
    PEEK,
    /** Take a token even from an empty bucket: something that already happened (a failed login). */
    COUNT;

    public String script() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
