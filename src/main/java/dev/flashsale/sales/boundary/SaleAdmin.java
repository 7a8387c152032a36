package dev.flashsale.sales.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.sales.control.SaleCatalog;
import dev.flashsale.sales.control.SaleInput;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleConflicts;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SalePaused;
import dev.flashsale.sales.entity.SaleRules;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleSummary;
import dev.flashsale.sales.entity.SaleView;
import dev.flashsale.sales.entity.SaleWritten;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Setting up sales and moving them through DRAFT, OPEN, PAUSED and CLOSED: the one boundary
 * behind both the admin API and the console, so a sale breaking {@link SaleRules} is refused here
 * whichever way it came. Merchandisers change, viewers read; every change is written to the
 * audit trail in its own transaction.
 */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
public class SaleAdmin {

    public static final int LIST_LIMIT = 200;

    @Inject
    SaleCatalog catalog;

    @Inject
    AuditTrail audit;

    @Inject
    Event<SaleOpened> opened;

    @Inject
    Event<SalePaused> paused;

    @Inject
    Event<SaleWritten> written;

    @Inject
    @ConfigProperty(name = "flashsale.hold.default-seconds")
    int defaultHoldSeconds;

    @RolesAllowed(Roles.MERCHANDISER)
    public SaleView create(NewSale sale) {
        SaleRules.enforce(sale);
        Map<String, NewSale.Item> items = SaleInput.itemsOf(sale);
        SaleId id = new SaleId(UUID.randomUUID());
        catalog.insert(id, SaleInput.termsOf(sale, defaultHoldSeconds));
        items.values().forEach(item -> {
            if (!catalog.addItem(id, new Sku(item.sku()), item.units().intValueExact(), item.shardCount())) {
                throw SaleConflicts.skuTaken(item.sku());
            }
        });
        written.fire(new SaleWritten(id, false));
        audit.record(AuditAction.SALE_CREATE, "sale:" + id, SaleInput.describe(sale, items));
        return find(id);
    }

    /**
     * Changes a sale that is not CLOSED. Units may be raised at any time and lowered down to
     * what is held or sold; a SKU left out is removed only from a DRAFT nobody reserved from.
     */
    @RolesAllowed(Roles.MERCHANDISER)
    public SaleView update(SaleId id, NewSale sale) {
        SaleRules.enforce(sale);
        Map<String, NewSale.Item> items = SaleInput.itemsOf(sale);
        SaleView before = find(id);
        SaleStatus status = catalog.update(id, SaleInput.termsOf(sale, defaultHoldSeconds))
                .orElseThrow(() -> SaleConflicts.closed(id));
        Map<String, StockLevel> current = before.items().stream()
                .collect(Collectors.toMap(StockLevel::sku, level -> level));
        for (StockLevel level : before.items()) {
            if (!items.containsKey(level.sku()) && !catalog.removeItem(id, new Sku(level.sku()))) {
                throw SaleConflicts.skuInUse(level.sku());
            }
        }
        items.values().forEach(item -> {
            String sku = item.sku();
            int units = item.units().intValueExact();
            StockLevel level = current.get(sku);
            if (level == null) {
                if (!catalog.addItem(id, new Sku(sku), units, item.shardCount())) {
                    throw SaleConflicts.skuTaken(sku);
                }
            } else if (item.shards() != null && item.shardCount() != level.shards()) {
                throw SaleConflicts.shardsFixed(sku, level.shards());
            } else if (level.total() != units && !catalog.resizeItem(new Sku(sku), units)) {
                throw SaleConflicts.unitsBelowTaken(sku, units, level);
            }
        });
        written.fire(new SaleWritten(id, status == SaleStatus.OPEN || status == SaleStatus.PAUSED));
        audit.record(AuditAction.SALE_UPDATE, "sale:" + id, SaleInput.describe(sale, items));
        return find(id);
    }

    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public SaleView find(SaleId id) {
        return catalog.find(id).orElseThrow(() -> ProblemException.notFound("sale", "There is no sale " + id));
    }

    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public List<SaleSummary> list() {
        return catalog.list(LIST_LIMIT);
    }

    @RolesAllowed(Roles.MERCHANDISER)
    public SaleView changeStatus(SaleId id, SaleStatus target) {
        if (catalog.changeStatus(id, target)) {
            if (target == SaleStatus.OPEN) {
                opened.fire(new SaleOpened(id));
            } else if (target == SaleStatus.PAUSED) {
                paused.fire(new SalePaused(id));
            }
            audit.record(switch (target) {
                case OPEN -> AuditAction.SALE_OPEN;
                case PAUSED -> AuditAction.SALE_PAUSE;
                case CLOSED -> AuditAction.SALE_CLOSE;
                case DRAFT -> throw new IllegalStateException("A sale does not go back to DRAFT");
            }, "sale:" + id, "status " + target);
            return find(id);
        }
        SaleView sale = find(id);
        if (sale.status() == target) {
            return sale;
        }
        throw SaleConflicts.illegalTransition(id, sale.status(), target);
    }
}
