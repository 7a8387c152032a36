package dev.flashsale.console;

import dev.flashsale.platform.rest.Ids;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleView;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Creating or changing a sale, and opening, pausing or closing it. Each field is checked on the
 * server next to where it was typed; the sale boundary then checks again, so the console can
 * never store what the admin API would refuse. Times are in UTC.
 */
@Named
@ViewScoped
public class SaleForm implements Serializable {

    private static final long serialVersionUID = 1L;
    static final String FORM = "saleForm";

    /** One SKU line of the form; held and sold are shown so that nobody lowers below them. */
    public static class ItemRow implements Serializable {

        private static final long serialVersionUID = 1L;

        private String sku;
        private Integer units;
        private Integer shards = 1;
        private int held;
        private int sold;
        private boolean existing;

        public String getSku() {
            return sku;
        }

        public void setSku(String sku) {
            this.sku = sku;
        }

        public Integer getUnits() {
            return units;
        }

        public void setUnits(Integer units) {
            this.units = units;
        }

        public Integer getShards() {
            return shards;
        }

        public void setShards(Integer shards) {
            this.shards = shards;
        }

        public int getHeld() {
            return held;
        }

        public int getSold() {
            return sold;
        }

        public boolean isExisting() {
            return existing;
        }
    }

    @Inject
    transient SaleAdmin sales;

    @Inject
    transient ConsoleActions actions;

    private String id;
    private SaleStatus status;

    @NotBlank(message = "Give the sale a name")
    @Size(max = 200, message = "At most 200 characters")
    private String name;

    @NotNull(message = "Give the hold time in seconds")
    @Min(value = 1, message = "At least 1 second")
    @Max(value = 86400, message = "At most 86,400 seconds (a day)")
    private Integer holdSeconds = 600;

    @NotNull(message = "Give the most units one order may take")
    @Min(value = 1, message = "At least 1")
    @Max(value = 10000, message = "At most 10,000")
    private Integer maxPerOrder = 1;

    private LatePaymentPolicy latePayment = LatePaymentPolicy.REFUSE;
    private LocalDateTime startsAt;
    private LocalDateTime endsAt;
    private List<ItemRow> items = new ArrayList<>();

    /** Called by f:viewAction: loads the sale named in {@code ?id=}, or starts a new one. */
    public void load() {
        if (id == null || id.isBlank()) {
            if (items.isEmpty()) {
                addItem();
            }
            return;
        }
        Optional<UUID> saleId = parse();
        saleId.flatMap(sale -> actions.attempt(null, () -> sales.find(sale))).ifPresent(this::fill);
    }

    public void addItem() {
        items.add(new ItemRow());
    }

    public void removeItem(ItemRow row) {
        items.remove(row);
    }

    public void save() throws IOException {
        if (!checked()) {
            return;
        }
        NewSale sale = new NewSale(name, BigDecimal.valueOf(holdSeconds), BigDecimal.valueOf(maxPerOrder),
                latePayment.name(), utc(startsAt), utc(endsAt), items.stream()
                .map(row -> new NewSale.Item(row.getSku().strip(), BigDecimal.valueOf(row.getUnits()),
                        row.existing || row.getShards() == null ? null : BigDecimal.valueOf(row.getShards()))).toList());
        Optional<SaleView> saved = isNew()
                ? actions.attempt(null, () -> sales.create(sale))
                : parse().flatMap(saleId -> actions.attempt(null, () -> sales.update(saleId, sale)));
        if (saved.isPresent()) {
            FacesContext faces = FacesContext.getCurrentInstance();
            faces.getExternalContext().getFlash().setKeepMessages(true);
            actions.info("Sale saved");
            faces.getExternalContext().redirect(faces.getExternalContext().getRequestContextPath()
                    + "/console/sale.xhtml?id=" + saved.get().id());
        }
    }

    public void open() {
        changeStatus(SaleStatus.OPEN);
    }

    public void pause() {
        changeStatus(SaleStatus.PAUSED);
    }

    public void close() {
        changeStatus(SaleStatus.CLOSED);
    }

    private void changeStatus(SaleStatus target) {
        parse().flatMap(saleId -> actions.attempt(null, () -> sales.changeStatus(saleId, target))).ifPresent(sale -> {
            fill(sale);
            actions.info("Sale is " + sale.status());
        });
    }

    /** The checks that need more than one field; each message goes next to its field. */
    private boolean checked() {
        boolean ok = true;
        if (items.isEmpty()) {
            actions.error(FORM + ":items", "A sale needs at least one SKU");
            ok = false;
        }
        if (startsAt != null && endsAt != null && !endsAt.isAfter(startsAt)) {
            actions.error(FORM + ":endsAt", "The sale must end after it starts");
            ok = false;
        }
        for (int i = 0; i < items.size(); i++) {
            ItemRow row = items.get(i);
            if (row.existing && row.units != null && row.units < row.held + row.sold) {
                actions.error(FORM + ":items:" + i + ":units", "No fewer than the " + (row.held + row.sold)
                        + " units already held or sold");
                ok = false;
            }
            for (int j = 0; j < i; j++) {
                if (row.sku != null && row.sku.strip().equals(items.get(j).sku == null ? null : items.get(j).sku.strip())) {
                    actions.error(FORM + ":items:" + i + ":sku", "This SKU is listed twice");
                    ok = false;
                }
            }
        }
        return ok;
    }

    private void fill(SaleView sale) {
        id = sale.id().toString();
        status = sale.status();
        name = sale.name();
        holdSeconds = sale.holdSeconds();
        maxPerOrder = sale.maxPerOrder();
        latePayment = sale.latePayment();
        startsAt = sale.startsAt() == null ? null : LocalDateTime.ofInstant(sale.startsAt(), ZoneOffset.UTC);
        endsAt = sale.endsAt() == null ? null : LocalDateTime.ofInstant(sale.endsAt(), ZoneOffset.UTC);
        items = new ArrayList<>();
        for (StockLevel level : sale.items()) {
            ItemRow row = new ItemRow();
            row.sku = level.sku();
            row.units = level.total();
            row.shards = level.shards();
            row.held = level.held();
            row.sold = level.sold();
            row.existing = true;
            items.add(row);
        }
    }

    private Optional<UUID> parse() {
        return actions.attempt(null, () -> Ids.parse(id, "sale"));
    }

    private static Instant utc(LocalDateTime time) {
        return time == null ? null : time.toInstant(ZoneOffset.UTC);
    }

    public boolean isNew() {
        return status == null;
    }

    public boolean isEditable() {
        return status != SaleStatus.CLOSED;
    }

    public LatePaymentPolicy[] getLatePaymentPolicies() {
        return LatePaymentPolicy.values();
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public SaleStatus getStatus() {
        return status;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Integer getHoldSeconds() {
        return holdSeconds;
    }

    public void setHoldSeconds(Integer holdSeconds) {
        this.holdSeconds = holdSeconds;
    }

    public Integer getMaxPerOrder() {
        return maxPerOrder;
    }

    public void setMaxPerOrder(Integer maxPerOrder) {
        this.maxPerOrder = maxPerOrder;
    }

    public LatePaymentPolicy getLatePayment() {
        return latePayment;
    }

    public void setLatePayment(LatePaymentPolicy latePayment) {
        this.latePayment = latePayment;
    }

    public LocalDateTime getStartsAt() {
        return startsAt;
    }

    public void setStartsAt(LocalDateTime startsAt) {
        this.startsAt = startsAt;
    }

    public LocalDateTime getEndsAt() {
        return endsAt;
    }

    public void setEndsAt(LocalDateTime endsAt) {
        this.endsAt = endsAt;
    }

    public List<ItemRow> getItems() {
        return items;
    }
}
