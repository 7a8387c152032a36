package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.BuyerCaps;
import dev.flashsale.reservations.control.CheckoutCounters;
import dev.flashsale.reservations.control.HoldPlacement;
import dev.flashsale.reservations.control.JtaTimeout;
import dev.flashsale.reservations.control.KeyRounds;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReserveRules;
import dev.flashsale.reservations.control.TwinRaces;
import dev.flashsale.reservations.entity.GroupAnswers;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.TakeRaced;
import dev.flashsale.sales.boundary.Offers;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The reserve transaction: one PostgreSQL transaction for a group of requests on one SKU (a group
 * of one included). The rules in {@link ReserveRules}' order, then each buyer's cap ({@link
 * BuyerCaps}); a retry gets its reservation back, a second request under a key of the group is
 * answered after the first ({@link KeyRounds}); {@link HoldPlacement} alone takes units and decides "sold out". A
 * transaction that lost a race ({@link TakeRaced}, {@link TwinRaces}) or a deadlock left nothing and is tried again.
 */
@Stateless
public class ReserveTransaction {

    /** Any stock row: the transaction picks one at random. */
    public static final int ANY_SHARD = -1;
    private static final String DEADLOCK_DETECTED = "40P01"; // PostgreSQL aborted it to break a deadlock
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = Logger.getLogger(ReserveTransaction.class.getName());

    @Inject
    Offers offers;

    @Inject
    ReservationBook reservations;

    @Inject
    HoldPlacement placement;

    @Inject
    BuyerCaps caps;

    @Inject
    TwinRaces twins;

    @Inject
    CheckoutCounters counters;

    @Inject
    JtaTimeout jtaTimeout;

    @Resource
    SessionContext context;

    /**
     * @param startShard the stock row to try first (the next ones follow), or {@link #ANY_SHARD}
     * @return one answer per command, in the commands' order; every command is for {@code sku}
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public GroupAnswers reserve(Sku sku, int startShard, List<ReserveCommand> commands) {
        ReserveTransaction self = context.getBusinessObject(ReserveTransaction.class);
        for (int attempt = 1; ; attempt++) {
            try {
                return jtaTimeout.bounding(() -> self.reserveOnce(sku, startShard, commands));
            } catch (TakeRaced | EJBException failure) {
                if (attempt >= ATTEMPTS && failure instanceof TakeRaced) {
                    // Lost a race at every attempt: a passing trouble of ours, which the client's retry gets past.
                    throw ProblemException.retryLater("busy", "Busy", "Too many requests raced for " + sku + " just now; retry shortly");
                }
                if (attempt >= ATTEMPTS || !(failure instanceof TakeRaced || Causes.hasSqlState(failure, DEADLOCK_DETECTED))) {
                    throw failure;
                }
                counters.triedAgain();
                int next = attempt + 1;
                LOG.fine(() -> "Reservation of " + commands.size() + " request(s) for " + sku + " tried again ("
                        + failure.getMessage() + "); attempt " + next);
            }
        }
    }

    /** One attempt, in a transaction of its own (called through the container by {@link #reserve}). */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public GroupAnswers reserveOnce(Sku sku, int startShard, List<ReserveCommand> commands) {
        ReserveAnswer[] answers = new ReserveAnswer[commands.size()];
        Optional<Offer> found = offers.find(sku);
        if (found.isEmpty()) {
            return new GroupAnswers(1, commands.stream().map(command -> ReserveAnswer.refused(ReserveRules.unknownSku(sku))).toList());
        }
        Offer offer = found.get();
        int shards = offer.level().shards();
        int start = startShard == ANY_SHARD ? ThreadLocalRandom.current().nextInt(shards) : startShard % shards;
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            answers[i] = ReserveRules.aboveLimit(offer, commands.get(i)).map(ReserveAnswer::refused).orElse(null);
            if (answers[i] == null) {
                pending.add(i);
            }
        }
        Map<IdempotencyKey, Reservation> holds = reservations.findByKeys(pending.stream().map(i -> commands.get(i).key()).toList())
                .stream().collect(Collectors.toMap(Reservation::idempotencyKey, Function.identity(), (a, b) -> a, HashMap::new));
        Optional<ProblemException> closed = ReserveRules.notSelling(offer, sku);
        Set<String> usedTickets = reservations.usedTickets(offer.saleId(), pending.stream()
                .map(i -> commands.get(i).admissionTicket()).filter(Objects::nonNull).toList());
        KeyRounds.answer(commands, pending, answers, holds,
                i -> closed.or(() -> ReserveRules.notAdmitted(offer, commands.get(i), usedTickets)),
                admitted -> caps.placeWithinCaps(offer, admitted, within -> placement.place(offer, start, within)));
        if (closed.isEmpty()) { // a sale not selling refused all by its terms, read before the keys
            twins.refuseNoKeyThatHolds(offer, commands, pending, answers, holds);
        }
        return new GroupAnswers(shards, List.of(answers));
    }
}
