package dev.flashsale.gate.boundary;

import dev.flashsale.gate.entity.CounterRebuilt;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Rebuilds a SKU's gate counter from PostgreSQL on a merchandiser's demand. */
@ApplicationScoped
@Path("admin/skus/{sku}/rebuild-counter")
@Produces(MediaType.APPLICATION_JSON)
public class CounterResource {

    @Inject
    GateCounters counters;

    @POST
    public CounterRebuilt rebuild(@PathParam("sku") String sku) {
        return counters.rebuildOnDemand(new Sku(sku));
    }
}
