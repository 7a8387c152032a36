package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleRules;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleView;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Creating or changing a sale, and opening, pausing or closing it. The sale is checked by the
 * admin API's own rules ({@link SaleRules}), each broken one shown next to its field in the API's
 * words; the sale boundary then checks again, so the console can never store what the admin API
 * would refuse. Times are in UTC.
 */
@Named
@ViewScoped
public class SaleForm implements Serializable {

    private static final long serialVersionUID = 1L;
    static final String FORM = "saleForm";

    @Inject
    transient SaleAdmin sales;

    @Inject
    transient ConsoleActions actions;

    private String id;
    private SaleStatus status;
    private TypedSaleTerms terms = new TypedSaleTerms();
    private List<SaleItemRow> items = new ArrayList<>();

    /** Called by f:viewAction: loads the sale named in {@code ?id=}, or starts a new one. */
    public void load() {
        if (id == null || id.isBlank()) {
            if (items.isEmpty()) {
                addItem();
            }
            return;
        }
        Optional<SaleId> saleId = parse();
        saleId.flatMap(sale -> actions.attempt(null, () -> sales.find(sale))).ifPresent(this::fill);
    }

    public void addItem() {
        items.add(new SaleItemRow());
    }

    public void removeItem(SaleItemRow row) {
        items.remove(row);
    }

    public void save() throws IOException {
        NewSale sale = terms.toNewSale(items.stream().map(SaleItemRow::toItem).toList());
        List<SaleRules.Broken> broken = SaleRules.brokenBy(sale);
        broken.forEach(rule -> actions.error(clientIdOf(rule.field()), rule.message()));
        if (!broken.isEmpty()) {
            return;
        }
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

    /** The form's id of a rule's field: {@code items[0].units} is {@code saleForm:items:0:units}. */
    static String clientIdOf(String field) {
        return FORM + ":" + field.replace("[", ":").replace("].", ":").replace("]", "");
    }

    private void fill(SaleView sale) {
        id = sale.id().toString();
        status = sale.status();
        terms = TypedSaleTerms.of(sale);
        items = new ArrayList<>(sale.items().stream().map(SaleItemRow::of).toList());
    }

    private Optional<SaleId> parse() {
        return actions.attempt(null, () -> SaleId.parse(id));
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

    /** The sale's editable terms, each checked where it was typed. */
    public TypedSaleTerms getTerms() {
        return terms;
    }

    public List<SaleItemRow> getItems() {
        return items;
    }
}
