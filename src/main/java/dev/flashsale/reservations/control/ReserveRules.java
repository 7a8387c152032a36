package dev.flashsale.reservations.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.stock.entity.Sku;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The checks of a reserve request against its offer, and their refusals, in the order the
 * reserve transaction applies them: the SKU exists, the
 * quantity is within the sale's limit, a retry gets its original reservation, and only then must
 * the sale be open and inside its window.
 */
public final class ReserveRules {

    private ReserveRules() {
    }

    public static ProblemException unknownSku(Sku sku) {
        return sku.notOnSale();
    }

    public static Optional<ProblemException> aboveLimit(Offer offer, ReserveCommand command) {
        if (command.qty() <= offer.maxPerOrder()) {
            return Optional.empty();
        }
        return Optional.of(ProblemException.badRequest("quantity-above-limit", "This sale allows at most "
                + offer.maxPerOrder() + " unit(s) per order"));
    }

    /** The earlier reservation under the command's key, or a 422 when the key asked for something else. */
    public static ReserveOutcome replay(Reservation earlier, ReserveCommand command) {
        if (!earlier.sameRequestAs(command)) {
            throw new ProblemException(422, "idempotency-key-reused", "Idempotency key reused",
                    "This Idempotency-Key was used for a different request (sku, buyerId or qty differ); use a new key");
        }
        return new ReserveOutcome(earlier, false);
    }

    /** The buyer already holds or bought {@code has} units of the sale, and this order would pass the cap. */
    public static ProblemException buyerLimitReached(Offer offer, int has) {
        return ProblemException.conflict("buyer-limit-reached", "Buyer limit reached", "This sale allows at most "
                + offer.maxPerBuyer() + " unit(s) per buyer; this buyer holds or bought " + has);
    }

    /**
     * The one place that decides whether a refusal proves the SKU has nothing left (and so may
     * set the gate's sold-out flag): only when no unit at all is free.
     */
    public static SoldOutException soldOut(ReserveCommand command, int unitsLeft) {
        return new SoldOutException(command.sku(), command.qty(), unitsLeft <= 0);
    }

    /** {@link #replay} as an answer: the reservation, or the refusal of a reused key. */
    public static ReserveAnswer replayAnswer(Reservation earlier, ReserveCommand command) {
        try {
            return ReserveAnswer.of(replay(earlier, command));
        } catch (ProblemException keyReused) {
            return ReserveAnswer.refused(keyReused);
        }
    }

    /**
     * Why the room refuses the command, if it does: its sale has its room on and it showed no
     * checked admission token, or its ticket bought a checkout before ({@code usedTickets}, to
     * which a ticket let through is added, so that a second command with it in the same group is
     * refused too). A retry of the checkout a ticket bought is a replay, answered before this.
     */
    public static Optional<ProblemException> notAdmitted(Offer offer, ReserveCommand command, Set<String> usedTickets) {
        String ticket = command.admissionTicket();
        if (ticket == null) {
            return offer.roomOn() ? Optional.of(new ProblemException(403, "admission-required", "Admission required",
                    "The sale of " + command.sku() + " has a waiting room: reserve with the X-Admission-Token its queue gave on admission"))
                    : Optional.empty();
        }
        if (!usedTickets.add(ticket)) {
            return Optional.of(new ProblemException(403, "admission-token-used", "Admission token used",
                    "This X-Admission-Token bought its checkout already; a retry of that checkout must use its Idempotency-Key"));
        }
        return Optional.empty();
    }

    /** Why the offer takes no new reservation now, if it does not. */
    public static Optional<ProblemException> notSelling(Offer offer, Sku sku) {
        if (offer.saleStatus() != SaleStatus.OPEN) {
            return Optional.of(ProblemException.conflict("sale-not-open", "Sale not open",
                    "The sale of " + sku + " is " + offer.saleStatus() + "; reservations are taken only while it is OPEN"));
        }
        if (!offer.inWindow()) {
            return Optional.of(ProblemException.conflict("outside-sale-window", "Outside the sale's window",
                    "The sale of " + sku + " takes reservations from " + orOpen(offer.startsAt())
                            + " until " + orOpen(offer.endsAt())));
        }
        return Optional.empty();
    }

    /** Refused at the gate, whose mark says the sale's window opens later (PostgreSQL has the times). */
    public static ProblemException beforeWindow(Sku sku) {
        return ProblemException.conflict("outside-sale-window", "Outside the sale's window",
                "The sale of " + sku + " does not take reservations yet: its window has not opened");
    }

    private static String orOpen(Instant time) {
        return time == null ? "(no limit)" : time.toString();
    }
}
