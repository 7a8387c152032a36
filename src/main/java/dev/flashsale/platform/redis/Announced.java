package dev.flashsale.platform.redis;

/**
 * A message heard on one of the channels {@link Announcements} listens to, as some node published
 * it; fired on the listener's thread, so an observer hands any slow work on.
 */
public record Announced(String channel, String message) {

    public boolean on(String channelName) {
        return channel.equals(channelName);
    }
}
