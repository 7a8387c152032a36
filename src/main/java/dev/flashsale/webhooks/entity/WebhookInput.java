package dev.flashsale.webhooks.entity;

import java.util.List;

/**
 * A webhook to register or the new state of one, as sent: checked by {@code WebhookRules}.
 *
 * @param url     where events are POSTed: http or https
 * @param events  the event names it subscribes to (see {@link EventType})
 * @param secret  {@code whsec_<base64>}; none: a new one is made (on creation) or the old one kept
 * @param enabled whether it is sent anything; none: true
 */
public record WebhookInput(String url, List<String> events, String secret, Boolean enabled) {
}
