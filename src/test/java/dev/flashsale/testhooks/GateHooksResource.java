package dev.flashsale.testhooks;

import dev.flashsale.gate.boundary.RedisGate;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The gate's two steps around a reserve transaction, one call each, so that a test can land a
 * return between PostgreSQL's "none left" and the gate's follow-up. Keys in the configured
 * key's space.
 */
@RequestScoped
@Access(Roles.STOREFRONT)
@Path("test/gate/{sku}/{key}")
@Produces(MediaType.APPLICATION_JSON)
public class GateHooksResource {

    @Inject
    RedisGate gate;

    /** The gate's admission of one unit for the key, as a reserve meets it first. */
    @POST
    @Path("admit")
    public JsonObject admit(@PathParam("sku") String sku, @PathParam("key") String key) {
        return Json.createObjectBuilder().add("admission", gate.admit(new Sku(sku), keyOf(key), 1).name()).build();
    }

    /** The gate's follow-up once PostgreSQL refused the key's units with none left. */
    @POST
    @Path("refused-sold-out")
    public JsonObject refusedSoldOut(@PathParam("sku") String sku, @PathParam("key") String key) {
        gate.refusedSoldOut(new Sku(sku), keyOf(key));
        return Json.createObjectBuilder().build();
    }

    private static IdempotencyKey keyOf(String key) {
        return new IdempotencyKey(KeyOwner.CONFIGURED, key);
    }
}
