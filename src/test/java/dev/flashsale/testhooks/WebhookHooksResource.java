package dev.flashsale.testhooks;

import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.webhooks.control.WebhookTargets;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;

/**
 * The webhooks' allow-list of internal targets, replaced on the running server: a test shows the
 * product's default (none) on the suite's server, whose configuration allows the tests' own
 * receiver, and puts that back after.
 */
@RequestScoped
@Access(Roles.STOREFRONT)
@Path("test/webhooks/allowed-targets")
public class WebhookHooksResource {

    @Inject
    WebhookTargets targets;

    /** {@code {"allowed": "127.0.0.1, hooks.internal"}}; an empty text allows none, as the product's default. */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public void allow(JsonObject body) {
        targets.allow(body.getString("allowed", ""));
    }
}
