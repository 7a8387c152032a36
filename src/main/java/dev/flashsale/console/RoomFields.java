package dev.flashsale.console;

import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.room.entity.RoomView;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The waiting room's fields as {@link RoomSettingsForm} shows and edits them: a new room's
 * defaults until a stored room fills them, read back as {@link RoomSettings} to be checked and saved.
 */
public class RoomFields implements Serializable {

    private static final long serialVersionUID = 1L;

    private boolean enabled = true;
    private Integer admissionPerSecond = 5;
    private Integer maxActive = 500;
    private Integer tokenSeconds = 120;
    private Integer missedPollSeconds = 30;
    private LocalDateTime preQueueOpensAt;

    void fill(RoomView room) {
        enabled = room.enabled();
        admissionPerSecond = room.admissionPerSecond();
        maxActive = room.maxActive();
        tokenSeconds = room.tokenSeconds();
        missedPollSeconds = room.missedPollSeconds();
        preQueueOpensAt = room.preQueueOpensAt() == null ? null : LocalDateTime.ofInstant(room.preQueueOpensAt(), ZoneOffset.UTC);
    }

    RoomSettings settings() {
        return new RoomSettings(enabled, decimal(admissionPerSecond), decimal(maxActive), decimal(tokenSeconds),
                decimal(missedPollSeconds), preQueueOpensAt == null ? null : preQueueOpensAt.toInstant(ZoneOffset.UTC));
    }

    private static BigDecimal decimal(Integer value) {
        return value == null ? null : BigDecimal.valueOf(value);
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Integer getAdmissionPerSecond() {
        return admissionPerSecond;
    }

    public void setAdmissionPerSecond(Integer admissionPerSecond) {
        this.admissionPerSecond = admissionPerSecond;
    }

    public Integer getMaxActive() {
        return maxActive;
    }

    public void setMaxActive(Integer maxActive) {
        this.maxActive = maxActive;
    }

    public Integer getTokenSeconds() {
        return tokenSeconds;
    }

    public void setTokenSeconds(Integer tokenSeconds) {
        this.tokenSeconds = tokenSeconds;
    }

    public Integer getMissedPollSeconds() {
        return missedPollSeconds;
    }

    public void setMissedPollSeconds(Integer missedPollSeconds) {
        this.missedPollSeconds = missedPollSeconds;
    }

    public LocalDateTime getPreQueueOpensAt() {
        return preQueueOpensAt;
    }

    public void setPreQueueOpensAt(LocalDateTime preQueueOpensAt) {
        this.preQueueOpensAt = preQueueOpensAt;
    }
}
