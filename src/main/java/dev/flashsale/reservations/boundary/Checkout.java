package dev.flashsale.reservations.boundary;

import dev.flashsale.reservations.control.HoldExpiry;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReserveRules;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.sales.boundary.Offers;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Reserving units: one transaction per request. The reservation is inserted under its
 * idempotency key first, then the units are claimed by the guarded UPDATE; a retry finds the
 * key taken and gets the original reservation, a refusal rolls the insert back.
 */
@Stateless
public class Checkout {

    @Inject
    Offers offers;

    @Inject
    StockLedger stock;

    @Inject
    ReservationBook reservations;

    @Inject
    HoldExpiry expiry;

    @Resource
    SessionContext transaction;

    public ReserveOutcome reserve(ReserveCommand command) {
        Offer offer = offers.find(command.sku()).orElseThrow(() -> ReserveRules.unknownSku(command.sku()));
        ReserveRules.aboveLimit(offer, command).ifPresent(refusal -> {
            throw refusal;
        });
        Optional<ReserveOutcome> replay = replayOf(command);
        if (replay.isPresent()) {
            return replay.get();
        }
        ReserveRules.notSelling(offer, command.sku()).ifPresent(refusal -> {
            throw refusal;
        });
        int available = offer.level().available();
        if (available < command.qty()) {
            available += reclaimOverdueHolds(command.sku());
            if (available < command.qty()) {
                // The counts say sold out even after giving back overdue holds: refuse without
                // writing anything (the expired holds are committed and stay expired).
                throw new SoldOutException(command.sku().value(), command.qty(), available <= 0);
            }
        }
        Optional<Reservation> hold = reservations.insertHold(command, offer.holdSeconds());
        if (hold.isEmpty()) {
            // A concurrent request with the same key committed first.
            return replayOf(command).orElseThrow(() -> new IllegalStateException(
                    "Idempotency key taken but no reservation found"));
        }
        if (!claim(command, hold.get(), offer.level().shards())) {
            transaction.setRollbackOnly();
            // A refused claim for a single unit proves that none is left.
            throw new SoldOutException(command.sku().value(), command.qty(), command.qty() == 1);
        }
        return new ReserveOutcome(hold.get(), true);
    }

    private boolean claim(ReserveCommand command, Reservation hold, int shards) {
        if (stock.claim(hold.sku(), shards, hold.qty(), hold.id())) {
            return true;
        }
        return reclaimOverdueHolds(command.sku()) > 0 && stock.claim(hold.sku(), shards, hold.qty(), hold.id());
    }

    private int reclaimOverdueHolds(Sku sku) {
        return expiry.expireOverdueHoldsOfSku(sku.value()).units();
    }

    private Optional<ReserveOutcome> replayOf(ReserveCommand command) {
        return reservations.findByKey(command.key().value()).map(earlier -> ReserveRules.replay(earlier, command));
    }
}
