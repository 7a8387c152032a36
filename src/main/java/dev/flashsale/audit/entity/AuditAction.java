package dev.flashsale.audit.entity;

/**
 * Every admin action the audit trail records, by the name it is stored under. One list, so that
 * a test can perform each and read the trail back ({@code AuditSecretsIT}).
 */
public enum AuditAction {
    SALE_CREATE("sale.create"), SALE_UPDATE("sale.update"), SALE_OPEN("sale.open"), SALE_PAUSE("sale.paused"),
    SALE_CLOSE("sale.closed"),
    ROOM_SET("room.set"), ROOM_PAUSE("room.pause"), ROOM_RESUME("room.resume"), ROOM_REVOKE("room.revoke"),
    COUNTER_REBUILD("counter.rebuild"),
    RESERVATION_CANCEL("reservation.cancel"),
    RECONCILIATION_RUN("reconciliation.run"),
    APIKEY_ISSUE("apikey.issue"), APIKEY_REVOKE("apikey.revoke"),
    USER_ADD("user.add"), USER_DISABLE("user.disable"), USER_ENABLE("user.enable"),
    USER_PASSWORD_RESET("user.password-reset"), USER_PASSWORD_CHANGE("user.password-change"),
    USER_ROLE_CHANGE("user.role-change"), USER_SESSIONS_ENDED("user.sessions-ended"),
    WEBHOOK_CREATE("webhook.create"), WEBHOOK_UPDATE("webhook.update"), WEBHOOK_DELETE("webhook.delete"),
    WEBHOOK_SEND_AGAIN("webhook.send-again");

    private final String storedName;

    AuditAction(String storedName) {
        this.storedName = storedName;
    }

    public String storedName() {
        return storedName;
    }
}
