package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.boundary.RoomAdmin;
import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.room.entity.RoomView;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Optional;

/**
 * A sale's waiting room in the sale form: on or off, buyers admitted a second, the most buyers
 * active at once, the token's lifetime, how long a waiting buyer may miss polls, and when the
 * pre-queue opens (UTC; empty: at once). The rules are the admin API's: the constraints of
 * {@link RoomSettings}, each message shown next to its field, then {@link RoomAdmin#set}, which
 * checks the settings against the sale, stores them and writes the audit trail.
 */
@Named
@ViewScoped
public class RoomSettingsForm implements Serializable {

    private static final long serialVersionUID = 1L;
    static final String FORM = "roomSettingsForm";

    @Inject
    transient RoomAdmin rooms;

    @Inject
    transient ConsoleActions actions;

    private SaleId saleId;
    private boolean existing;
    private final RoomFields fields = new RoomFields();

    /** Called by f:viewAction with the sale's id; a new sale (no id yet) has no room to show. */
    public void load(String id) {
        if (id == null || id.isBlank()) {
            return;
        }
        try {
            saleId = SaleId.parse(id);
        } catch (ProblemException notAnId) {
            return; // the sale form says so already
        }
        actions.attempt(null, () -> rooms.findIfAny(saleId)).ifPresent(found -> found.ifPresent(this::fill));
    }

    public void save() {
        if (saleId == null) {
            return;
        }
        RoomSettings settings = fields.settings();
        if (!actions.valid(FORM, settings)) {
            return;
        }
        Optional<RoomView> saved = actions.attempt(FORM + ":enabled", () -> {
            try {
                return rooms.set(saleId, settings);
            } catch (ProblemException refused) {
                if (!refused.slug().equals("prequeue-opens-after-start")) {
                    throw refused;
                }
                actions.error(FORM + ":preQueueOpensAt", refused.getMessage());
                return null;
            }
        });
        saved.ifPresent(room -> {
            fill(room);
            actions.info("Waiting room saved");
        });
    }

    private void fill(RoomView room) {
        existing = true;
        fields.fill(room);
    }

    /** Whether the sale has a room already (else the form shows the defaults of a new one). */
    public boolean isExisting() {
        return existing;
    }

    public boolean isForSale() {
        return saleId != null;
    }

    /** The room's fields, as the form edits them. */
    public RoomFields getFields() {
        return fields;
    }
}
