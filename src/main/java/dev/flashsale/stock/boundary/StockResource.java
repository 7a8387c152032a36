package dev.flashsale.stock.boundary;

import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@ApplicationScoped
@Path("skus/{sku}/stock")
@Produces(MediaType.APPLICATION_JSON)
public class StockResource {

    @Inject
    Availability availability;

    @GET
    public StockLevel level(@PathParam("sku") String sku) {
        return availability.of(new Sku(sku));
    }
}
