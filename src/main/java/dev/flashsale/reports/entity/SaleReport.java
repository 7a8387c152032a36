package dev.flashsale.reports.entity;

import dev.flashsale.platform.id.SaleId;
import java.time.Instant;
import java.util.List;

/**
 * After the sale, on one page: the sale, when it was first opened (null: never), its funnel as a
 * whole (a buyer of several SKUs counted once; sold out when every SKU was) and each SKU's, and
 * what its waiting room did (null: it has none), and its activity over its time.
 */
public record SaleReport(SaleId saleId, String name, String status, Instant opened, Funnel total, List<SkuFunnel> skus,
                         RoomFunnel room, SaleActivity activity) {
}
