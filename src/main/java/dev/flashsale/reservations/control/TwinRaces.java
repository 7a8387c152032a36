package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.reservations.entity.TakeRaced;
import dev.flashsale.sales.entity.Offer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;

/**
 * A request and its retry under the same key, sent at once, may run in two transactions at once
 * (the first through the gate, the other to PostgreSQL as the key's retry, on two stock rows'
 * lines or two nodes). The one that read the keys before its twin committed may then find taken
 * what the twin took: the last units, the buyer's unit under the cap, the admission ticket; and
 * refuse a key that holds a reservation (and the gate would drop that key's marker). Such a
 * refusal makes the transaction roll back and try again, when the twin's reservation is found.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class TwinRaces {

    @Inject
    ReservationBook reservations;

    /**
     * Reads again the keys of the requests refused here, and throws {@link TakeRaced} when one
     * holds a reservation now. Passed over: a key this transaction found or placed itself (its
     * answer is that reservation, or a reused key's refusal), and a request refused sold out that
     * the SKU's level, read before the keys, had too few units for: a twin could not have taken
     * units after the keys were read that the level said were gone, so the common sold-out crowd
     * pays no second read. (Units given back in that moment and taken by the twin, by a cancel or
     * the twin's own lazy reclaim, are the one way past it: the refusal then stands, and a retry
     * under the key gets the reservation.)
     */
    public void refuseNoKeyThatHolds(Offer offer, List<ReserveCommand> commands, List<Integer> pending, ReserveAnswer[] answers,
                                     Map<IdempotencyKey, Reservation> holds) {
        int available = offer.level().available();
        List<IdempotencyKey> refused = pending.stream()
                .filter(i -> answers[i].refusal() != null
                        && !(answers[i].refusal() instanceof SoldOutException && commands.get(i).qty() > available))
                .map(i -> commands.get(i).key()).filter(key -> !holds.containsKey(key)).distinct().toList();
        if (!refused.isEmpty() && !reservations.findByKeys(refused).isEmpty()) {
            throw new TakeRaced("a key refused here was placed meanwhile by its twin");
        }
    }
}
