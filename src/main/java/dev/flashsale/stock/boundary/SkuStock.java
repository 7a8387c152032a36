package dev.flashsale.stock.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** {@code GET /api/skus/{sku}/stock}: a SKU's units, available, held and sold. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/skus/{sku}/stock")
@Described(id = "level", summary = "A SKU's units: available, held and sold",
        outcomes = @Outcome(status = 200, type = StockLevel.class, text = "The counts"),
        refusals = {@Refusal(status = 400, slugs = "invalid-sku"), @Refusal(status = 404, slugs = "sku-not-found")})
public class SkuStock implements Handler<Sku> {

    @Inject
    Availability availability;

    @Override
    public Sku read(Call call) {
        return new Sku(call.param("sku"));
    }

    @Override
    public Answer answer(Call call, Sku sku) {
        return Answer.ok(availability.of(sku));
    }
}
