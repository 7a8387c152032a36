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

    private List<Webhook> webhooks;
    private List<Delivery> pending;
    private List<Delivery> failed;
    private DeliveryCounts counts;

    /**
     * Reads what the page lists before the page is drawn, so that a failure to read it shows in the
     * page's messages, which are drawn above the lists.
     */
    public void load() {
        getWebhooks();
        getPending();
        getFailed();
        getCounts();
    }

    public List<Webhook> getWebhooks() {
        if (webhooks == null) {
            webhooks = actions.attempt(null, admin::list).orElse(List.of());
        }
        return webhooks;
    }

    public List<Delivery> getPending() {
        if (pending == null) {
            pending = actions.attempt(null, () -> admin.deliveries(DeliveryStatus.PENDING, SHOWN)).orElse(List.of());
        }
        return pending;
    }

    public List<Delivery> getFailed() {
        if (failed == null) {
            failed = actions.attempt(null, () -> admin.deliveries(DeliveryStatus.FAILED, SHOWN)).orElse(List.of());
        }
        return failed;
    }

    public DeliveryCounts getCounts() {
        if (counts == null) {
            counts = actions.attempt(null, admin::counts).orElse(new DeliveryCounts(0, 0));
        }
        return counts;
    }

    public void setEnabled(Webhook webhook, boolean enabled) {
        actions.attempt(null, () -> admin.update(webhook.id(), new WebhookInput(webhook.url(), webhook.events(), null, enabled)))
                .ifPresent(changed -> {
                    actions.info(enabled ? "Webhook on" : "Webhook off");
                    refresh();
                });
    }

    public void delete(UUID id) {
        actions.attempt(null, () -> {
            admin.delete(id);
            return id;
        }).ifPresent(deleted -> {
            actions.info("Webhook deleted");
            refresh();
        });
    }

    public void sendAgain(UUID id) {
        actions.attempt(null, () -> {
            admin.sendAgain(id);
            return id;
        }).ifPresent(again -> {
            actions.info("Delivery sent again");
            refresh();
        });
    }

    public void refresh() {
        webhooks = null;
        pending = null;
        failed = null;
        counts = null;
    }
}
