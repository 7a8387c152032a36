package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.reservations.boundary.ReservationDesk;
import dev.flashsale.reservations.entity.Movement;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationQuery;
import dev.flashsale.reservations.entity.ReservationStatus;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.validation.constraints.Size;
import java.io.Serializable;
import java.util.List;

/** Finding reservations, reading one's history from the ledger, and cancelling a hold. */
@Named
@ViewScoped
public class ReservationsView implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    transient ReservationDesk desk;

    @Inject
    transient ConsoleActions actions;

    @Size(max = 128, message = "At most 128 characters")
    private String key;
    @Size(max = 128, message = "At most 128 characters")
    private String buyer;
    @Size(max = 64, message = "At most 64 characters")
    private String sku;
    private ReservationStatus status;

    @Size(max = 36, message = "A sale's id")
    private String sale;

    private ReservationRows found;
    private Reservation selected;
    private List<Movement> history = List.of();

    /** The page's address may name a sale ({@code ?sale=<id>}, from its report): its reservations, found at once. */
    public void load() {
        if (sale != null && !sale.isBlank() && found == null) {
            search();
        }
    }

    public void search() {
        found = actions.attempt(null, () -> ReservationRows.of(ReservationQuery.of(key, buyer, status, sku,
                sale == null || sale.isBlank() ? null : SaleId.parse(sale.strip())), desk)).orElse(null);
        selected = null;
        history = List.of();
    }

    public void show(Reservation reservation) {
        selected = reservation;
        history = actions.attempt(null, () -> desk.history(reservation.id())).orElse(List.of());
    }

    public void cancelSelected() {
        if (selected == null) {
            return;
        }
        actions.attempt(null, () -> desk.cancelHold(selected.id())).ifPresent(cancelled -> {
            actions.info("Hold " + cancelled.id() + " cancelled; " + cancelled.qty() + " unit(s) of " + cancelled.sku()
                    + " are back on sale");
            search();
            show(cancelled);
        });
    }

    public ReservationStatus[] getStatuses() {
        return ReservationStatus.values();
    }

    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    public String getBuyer() {
        return buyer;
    }

    public void setBuyer(String buyer) {
        this.buyer = buyer;
    }

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }

    public ReservationStatus getStatus() {
        return status;
    }

    public void setStatus(ReservationStatus status) {
        this.status = status;
    }

    /** The rows found, a page at a time; null before a search. */
    public ReservationRows getFound() {
        return found;
    }

    public String getSale() {
        return sale;
    }

    public void setSale(String sale) {
        this.sale = sale;
    }

    public Reservation getSelected() {
        return selected;
    }

    public List<Movement> getHistory() {
        return history;
    }
}
