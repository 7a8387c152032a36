package dev.flashsale.testsupport.history;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import dev.flashsale.testsupport.history.FinalState.ReservationRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges a waiting room's requests against the final state: one ticket per buyer and sale, one
 * ticket per admission token, one reservation per token, and no more admitted buyers holding or
 * having bought units than the room's units and the units given back since allow.
 */
public final class RoomChecker {

    private static final Set<String> RETURNED = Set.of("CANCELLED", "EXPIRED");

    private RoomChecker() {
    }

    /**
     * @param tokenOfKey the token each reserve carried, by its idempotency key
     * @param roomSkus   each room's sale's one SKU, by sale id
     */
    public static List<Anomaly> check(List<RoomOp> roomOps, Map<String, String> tokenOfKey, Map<String, String> roomSkus,
                                      FinalState state) {
        List<Anomaly> anomalies = new ArrayList<>();
        Map<String, String> ticketOfBuyer = new HashMap<>();
        Map<String, String> ticketOfToken = new HashMap<>();
        for (RoomOp op : roomOps) {
            if (op.outcome() != Op.Outcome.OK || op.ticket() == null) {
                continue;
            }
            String buyer = op.saleId() + " " + op.buyer();
            String before = ticketOfBuyer.putIfAbsent(buyer, op.ticket());
            if (op.kind() == RoomOp.Kind.TAKE && before != null && !before.equals(op.ticket())) {
                anomalies.add(new Anomaly(Kind.TICKET_TWICE, buyer + " was given " + before + " and " + op.ticket()));
            }
            if (op.token() != null) {
                String named = ticketOfToken.putIfAbsent(op.token(), op.ticket());
                if (named != null && !named.equals(op.ticket())) {
                    anomalies.add(new Anomaly(Kind.TICKET_TWICE, "one token for " + named + " and " + op.ticket()));
                }
            }
        }
        roomSkus.forEach((saleId, sku) -> reservationsOfTokens(sku, tokenOfKey, state, anomalies));
        return anomalies;
    }

    /**
     * Every unit given back was offered again or sold: once every hold of a room's sale has ended,
     * no unit is free beyond those offered to admitted buyers (their tokens live, not yet used)
     * while a buyer still waits in the queue. Judged where the waiting buyers' room keeps stepping
     * on its own (returns, tokens running out); a crowd that stopped polling may leave a room whose
     * rate had no room for one more admission at the last return with nothing to step it again.
     *
     * @param waiting tickets still waiting in the room's queue at the end
     * @param offered tickets admitted whose tokens are live and not yet used
     */
    public static List<Anomaly> returnedUnitsReoffered(String sku, long waiting, long offered, FinalState state) {
        FinalState.SkuRow row = state.skus().get(sku);
        if (row.held() > 0) {
            throw new IllegalStateException(sku + " still holds " + row.held() + " units: judged once every hold has ended");
        }
        long unoffered = row.total() - row.sold() - offered;
        if (waiting > 0 && unoffered > 0) {
            return List.of(new Anomaly(Kind.RETURNED_UNIT_NOT_REOFFERED, sku + ": " + unoffered + " units free and offered to nobody, "
                    + waiting + " buyers waiting (units " + row.total() + ", sold " + row.sold() + ", offered " + offered + ")"));
        }
        return List.of();
    }

    private static void reservationsOfTokens(String sku, Map<String, String> tokenOfKey, FinalState state,
                                             List<Anomaly> anomalies) {
        Map<String, List<String>> reservationsOfToken = new HashMap<>();
        long returned = 0;
        for (ReservationRow row : state.reservations()) {
            if (!row.sku().equals(sku)) {
                continue;
            }
            if (RETURNED.contains(row.status())) {
                returned += row.qty();
            }
            String token = tokenOfKey.get(row.key());
            if (token != null) {
                reservationsOfToken.computeIfAbsent(token, t -> new ArrayList<>()).add(row.id());
            }
        }
        reservationsOfToken.forEach((token, ids) -> {
            if (new HashSet<>(ids).size() > 1) {
                anomalies.add(new Anomaly(Kind.TOKEN_USED_TWICE, sku + ": one token made " + ids));
            }
        });
        long units = state.skus().get(sku).total();
        if (reservationsOfToken.size() > units + returned) {
            anomalies.add(new Anomaly(Kind.ADMITTED_BEYOND_UNITS, sku + ": " + reservationsOfToken.size()
                    + " admitted buyers reserved, of " + units + " units and " + returned + " given back"));
        }
    }
}
