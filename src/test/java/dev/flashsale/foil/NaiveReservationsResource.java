package dev.flashsale.foil;

import dev.flashsale.platform.security.Access;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The foil's HTTP entry, deployed only in tests: same body and header as the real one. */
@Access(Access.PUBLIC)
@Path("test/naive-reservations")
public class NaiveReservationsResource {

    @Inject
    NaiveCheckout checkout;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response reserve(@HeaderParam("Idempotency-Key") String key, JsonObject body) {
        boolean taken = checkout.reserve(key, body.getString("sku"), body.getString("buyerId"), body.getInt("qty"));
        return Response.status(taken ? 201 : 409).build();
    }
}
