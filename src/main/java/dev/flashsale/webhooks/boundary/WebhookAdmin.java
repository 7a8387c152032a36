package dev.flashsale.webhooks.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.webhooks.control.DeliveryBook;
import dev.flashsale.webhooks.control.WebhookBook;
import dev.flashsale.webhooks.control.WebhookRules;
import dev.flashsale.webhooks.control.WebhookSecrets;
import dev.flashsale.webhooks.control.WebhookTargets;
import dev.flashsale.webhooks.entity.CreatedWebhook;
import dev.flashsale.webhooks.entity.Delivery;
import dev.flashsale.webhooks.entity.DeliveryCounts;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import dev.flashsale.webhooks.entity.Webhook;
import dev.flashsale.webhooks.entity.WebhookInput;
import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The webhooks and their deliveries, for the admin API and the console: administrators only, as
 * for storefront API keys (a webhook is an integration credential: where the shop's events go,
 * signed with its secret). A webhook's secret is shown whole once, in the answer that created it (made
 * here when none was given); afterwards by its first characters only. A new secret may be set by
 * an update, whose caller then knows it.
 */
@Stateless
@DeclareRoles({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed(Roles.ADMINISTRATOR)
public class WebhookAdmin {

    /** The most deliveries one list shows. */
    public static final int DELIVERIES_SHOWN_MAX = 200;

    @Inject
    WebhookBook webhooks;

    @Inject
    DeliveryBook deliveries;

    @Inject
    WebhookTargets targets;

    @Inject
    AuditTrail audit;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.max")
    int webhooksMax;

    @Resource
    SessionContext session;

    public List<Webhook> list() {
        return webhooks.list();
    }

    public CreatedWebhook create(WebhookInput input) {
        WebhookRules.Checked checked = WebhookRules.check(input);
        targets.refuseInternalLiteral(checked.url());
        String secret = checked.secret() != null ? checked.secret() : WebhookSecrets.generate();
        UUID id = UUID.randomUUID();
        if (!webhooks.insert(id, checked, secret, session.getCallerPrincipal().getName(), webhooksMax)) {
            throw ProblemException.conflict("too-many-webhooks", "Too many webhooks",
                    webhooksMax + " webhooks are registered, the most there may be; delete one first");
        }
        audit.record(AuditAction.WEBHOOK_CREATE, "webhook:" + id, "url=" + checked.url() + ", events=" + checked.events());
        Webhook created = webhooks.list().stream().filter(webhook -> webhook.id().equals(id)).findFirst().orElseThrow();
        return new CreatedWebhook(created, secret);
    }

    public Webhook update(UUID id, WebhookInput input) {
        WebhookRules.Checked checked = WebhookRules.check(input);
        targets.refuseInternalLiteral(checked.url());
        if (!webhooks.update(id, checked)) {
            throw notFound(id);
        }
        audit.record(AuditAction.WEBHOOK_UPDATE, "webhook:" + id, "url=" + checked.url() + ", events=" + checked.events()
                + ", enabled=" + checked.enabled() + (checked.secret() != null ? ", new secret" : ""));
        return webhooks.list().stream().filter(webhook -> webhook.id().equals(id)).findFirst().orElseThrow();
    }

    /**
     * Turns the webhook off (committed at once: {@link #turnOffToDelete}), then deletes it. Should
     * the deletion fail after that, the webhook stays off, and deleting it again finishes.
     */
    public void delete(UUID id) {
        if (!session.getBusinessObject(WebhookAdmin.class).turnOffToDelete(id) || !webhooks.delete(id)) {
            throw notFound(id);
        }
        audit.record(AuditAction.WEBHOOK_DELETE, "webhook:" + id, "");
    }

    /**
     * A deletion's first step, in a transaction of its own: the webhook off (so that no new event
     * locks it, db/webhooks/record_event.sql), and the audit trail told so, as the webhook stays
     * off should the deletion then fail.
     *
     * @return false when there is no such webhook
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public boolean turnOffToDelete(UUID id) {
        if (!webhooks.disable(id)) {
            return false;
        }
        audit.record(AuditAction.WEBHOOK_UPDATE, "webhook:" + id, "enabled=false, to delete it");
        return true;
    }

    public List<Delivery> deliveries(DeliveryStatus status, int limit) {
        return deliveries.list(status, Math.max(1, Math.min(limit, DELIVERIES_SHOWN_MAX)));
    }

    public DeliveryCounts counts() {
        return deliveries.counts();
    }

    /** A failed delivery goes out again at once, retried for a new round if need be. */
    public void sendAgain(UUID id) {
        if (deliveries.sendAgain(id)) {
            audit.record(AuditAction.WEBHOOK_SEND_AGAIN, "delivery:" + id, "");
            return;
        }
        DeliveryStatus status = deliveries.status(id).orElseThrow(() ->
                ProblemException.notFound("delivery", "There is no webhook delivery " + id));
        throw ProblemException.conflict("delivery-not-failed", "Delivery not failed",
                "Delivery " + id + " is " + status + "; only a failed delivery is sent again");
    }

    private static ProblemException notFound(UUID id) {
        return ProblemException.notFound("webhook", "There is no webhook " + id);
    }
}
