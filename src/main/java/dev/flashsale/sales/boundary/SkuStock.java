package dev.flashsale.sales.boundary;

import dev.flashsale.platform.concurrent.SharedReads;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.boundary.Availability;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * {@code GET /api/skus/{sku}/stock}: a SKU's units, available, held and sold. A SKU no sale has is
 * refused from the node's memory of every sale's SKUs ({@link KnownSkus}), as a reserve of it is:
 * a crowd of made-up SKUs reads no stock. A product page's crowd asks for one SKU at once: the
 * requests that come while its counts are read from PostgreSQL share the next read
 * ({@link SharedReads}), so every answer is as new as the request, and PostgreSQL reads each SKU
 * at most once at a time per node.
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/skus/{sku}/stock")
@Described(id = "level", summary = "A SKU's units: available, held and sold",
        outcomes = @Outcome(status = 200, type = StockLevel.class, text = "The counts"),
        refusals = {@Refusal(status = 400, slugs = "invalid-sku"), @Refusal(status = 404, slugs = "sku-not-found")})
public class SkuStock implements Handler<Sku> {

    @Inject
    Availability availability;

    @Inject
    KnownSkus skus;

    @Inject
    MetricRegistry registry;

    private SharedReads<Sku, StockLevel> levels;

    @PostConstruct
    void create() {
        Counter reads = registry.counter(Metadata.builder().withName("flashsale.stock.level-reads")
                .withDescription("Reads of a SKU's counts from PostgreSQL for the storefront; the requests that come while one runs share the next").build());
        levels = new SharedReads<>(sku -> {
            reads.inc();
            return availability.of(sku);
        });
    }

    @Override
    public Sku read(Call call) {
        return new Sku(call.param("sku"));
    }

    /** A SKU no sale has is refused here, in the step where a reserve of it is. */
    @Override
    public void limit(Sku sku) {
        if (skus.noSaleHas(sku)) {
            throw sku.notOnSale();
        }
    }

    @Override
    public Answer answer(Call call, Sku sku) {
        return Answer.ok(levels.get(sku));
    }
}
