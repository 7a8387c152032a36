package dev.flashsale.console;

import dev.flashsale.webhooks.boundary.WebhookAdmin;
import dev.flashsale.webhooks.entity.Delivery;
import dev.flashsale.webhooks.entity.DeliveryCounts;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import dev.flashsale.webhooks.entity.Webhook;
import dev.flashsale.webhooks.entity.WebhookInput;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.UUID;

/**
 * Webhooks: the registered ones, each turned off or on or deleted ({@link WebhookForm} registers
 * one); the deliveries pending and failed with their last error, and "send again" for a failed one.
 */
@Named
@ViewScoped
public class WebhooksView implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int SHOWN = 50;

    @Inject
    transient WebhookAdmin admin;

    @Inject
    transient ConsoleActions actions;

    private final Shown<List<Webhook>> webhooks = Shown.list();
    private final Shown<List<Delivery>> pending = Shown.list();
    private final Shown<List<Delivery>> failed = Shown.list();
    private final Shown<DeliveryCounts> counts = Shown.orElse(new DeliveryCounts(0, 0));

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getWebhooks();
        getPending();
        getFailed();
        getCounts();
    }

    public List<Webhook> getWebhooks() {
        return webhooks.get(actions, admin::list);
    }

    public List<Delivery> getPending() {
        return pending.get(actions, () -> admin.deliveries(DeliveryStatus.PENDING, SHOWN));
    }

    public List<Delivery> getFailed() {
        return failed.get(actions, () -> admin.deliveries(DeliveryStatus.FAILED, SHOWN));
    }

    public DeliveryCounts getCounts() {
        return counts.get(actions, admin::counts);
    }

    public void setEnabled(Webhook webhook, boolean enabled) {
        actions.attempt(null, () -> admin.update(webhook.id(), new WebhookInput(webhook.url(), webhook.events(), null, enabled)))
                .ifPresent(changed -> {
                    actions.info(enabled ? "Webhook on" : "Webhook off");
                    refresh();
                });
    }

    public void delete(UUID id) {
        if (actions.done(null, () -> admin.delete(id))) {
            actions.info("Webhook deleted");
            refresh();
        }
    }

    public void sendAgain(UUID id) {
        if (actions.done(null, () -> admin.sendAgain(id))) {
            actions.info("Delivery sent again");
            refresh();
        }
    }

    public void refresh() {
        webhooks.forget();
        pending.forget();
        failed.forget();
        counts.forget();
    }
}
