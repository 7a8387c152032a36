package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.sales.entity.Offer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The sale's cap per buyer (a buyer in the space of the storefront key that sends it, as its
 * reservations are), checked before units are taken: requests are let through in arrival
 * order while their buyer's units (held and bought in the sale, over all its SKUs) stay within
 * the cap; the others are refused. The take itself counts the units with an upsert that refuses
 * to pass the cap (db/stock/take_units.sql), so two transactions that read the same count
 * cannot both go past it: the later one rolls back and reads again.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class BuyerCaps {

    @Inject
    Statements sql;

    /**
     * @param place places the requests within their caps and answers each (in their order)
     * @return one answer per command, in the commands' order
     */
    public List<ReserveAnswer> placeWithinCaps(Offer offer, List<ReserveCommand> commands,
                                               Function<List<ReserveCommand>, List<ReserveAnswer>> place) {
        if (offer.maxPerBuyer() == null) {
            return place.apply(commands);
        }
        Map<KeyBuyer, Integer> units = unitsOf(offer.saleId(), commands);
        ReserveAnswer[] answers = new ReserveAnswer[commands.size()];
        List<Integer> within = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            ReserveCommand command = commands.get(i);
            KeyBuyer buyer = new KeyBuyer(command.key().owner(), command.buyerId());
            int has = units.getOrDefault(buyer, 0);
            if (has + command.qty() > offer.maxPerBuyer()) {
                answers[i] = ReserveAnswer.refused(ReserveRules.buyerLimitReached(offer, has));
            } else {
                units.put(buyer, has + command.qty());
                within.add(i);
            }
        }
        if (!within.isEmpty()) {
            List<ReserveAnswer> placed = place.apply(within.stream().map(commands::get).toList());
            for (int j = 0; j < within.size(); j++) {
                answers[within.get(j)] = placed.get(j);
            }
        }
        return List.of(answers);
    }

    private Map<KeyBuyer, Integer> unitsOf(SaleId saleId, List<ReserveCommand> commands) {
        List<KeyBuyer> buyers = commands.stream().map(command -> new KeyBuyer(command.key().owner(), command.buyerId())).distinct().toList();
        List<Tuple> rows = sql.named("reservations/find_buyer_units")
                .with("saleId", saleId.value())
                .with("owners", PgArrays.literal(buyers.stream().map(buyer -> buyer.owner().id()).toList()))
                .with("buyers", PgArrays.literal(buyers.stream().map(buyer -> buyer.buyerId().value()).toList()))
                .rows();
        Map<KeyBuyer, Integer> units = new HashMap<>();
        rows.forEach(row -> units.put(new KeyBuyer(new KeyOwner(Rows.uuid(row, "owner")), new BuyerId(Rows.text(row, "buyer_id"))),
                Rows.integer(row, "units")));
        return units;
    }

    /** A buyer as the storefront key that sends it knows it: buyer ids of two keys are two buyers. */
    private record KeyBuyer(KeyOwner owner, BuyerId buyerId) {
    }
}
