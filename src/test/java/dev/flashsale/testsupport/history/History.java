package dev.flashsale.testsupport.history;

import dev.flashsale.platform.Causes;
import dev.flashsale.testsupport.Api;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The history of a run: every reserve, confirm, cancel and extension with its invocation and completion time
 * and its outcome, recorded by the clients themselves, safe for any number of client threads. A
 * request that throws answers null and is recorded as UNKNOWN (a timeout, a dropped connection),
 * or as UNSENT when its connection was refused.
 */
public final class History {

    private final long origin = System.nanoTime();
    private final AtomicLong ids = new AtomicLong();
    private final ConcurrentLinkedQueue<Op> ops = new ConcurrentLinkedQueue<>();

    public Api.Answer reserve(Api api, String key, String sku, String buyer, int qty) {
        return record(Op.Kind.RESERVE, key, sku, buyer, qty, null, () -> api.reserve(key, sku, buyer, qty));
    }

    public Api.Answer confirm(Api api, String reservationId) {
        return record(Op.Kind.CONFIRM, null, null, null, 0, reservationId, () -> api.confirm(reservationId));
    }

    public Api.Answer cancel(Api api, String reservationId) {
        return record(Op.Kind.CANCEL, null, null, null, 0, reservationId, () -> api.cancel(reservationId));
    }

    /** Extends a hold by {@code json}'s seconds ({@code null}: no body, the sale's most). */
    public Api.Answer extend(Api api, String reservationId, String json) {
        return record(Op.Kind.EXTEND, null, null, null, 0, reservationId, () -> api.extend(reservationId, json));
    }

    /** Records any call that answers like the reserve, confirm or cancel API (a foil's, for one). */
    public Api.Answer record(Op.Kind kind, String key, String sku, String buyer, int qty, String target,
                             Supplier<Api.Answer> call) {
        long invoked = now();
        Api.Answer answer;
        try {
            answer = call.get();
        } catch (RuntimeException failed) {
            add(new Op(ids.incrementAndGet(), kind, key, sku, buyer, qty, target, invoked, now(),
                    neverSent(failed) ? Op.Outcome.UNSENT : Op.Outcome.UNKNOWN, 0, failed.getClass().getSimpleName(),
                    null, null));
            return null;
        }
        long completed = now();
        int status = answer.status();
        Op.Outcome outcome = status < 300 ? Op.Outcome.OK : status < 500 ? Op.Outcome.REFUSED : Op.Outcome.UNKNOWN;
        String problem = answer.isProblem() ? answer.problemType() : null;
        boolean described = outcome == Op.Outcome.OK && !answer.body().isBlank();
        String reservationId = described ? answer.json().getString("id", null) : null;
        String state = described ? answer.json().getString("status", null) : null;
        String deadline = described && kind == Op.Kind.EXTEND ? answer.json().getString("expiresAt", null) : null;
        add(new Op(ids.incrementAndGet(), kind, key, sku, buyer, qty, target, invoked, completed, outcome, status,
                problem, reservationId, state, deadline));
        return answer;
    }

    /**
     * A refused connection (nothing listens: the node is down) means that no byte of the request
     * left the client; any later failure may come after the server acted on it.
     */
    private static boolean neverSent(Throwable failed) {
        return Causes.find(failed, ConnectException.class).isPresent();
    }

    /** The history's clock, that of every op's invoked and completed: nanoseconds since it began. */
    public long now() {
        return System.nanoTime() - origin;
    }

    /** Adds a request as recorded elsewhere (or made by hand, to show the checker an anomaly). */
    public void add(Op op) {
        ops.add(op);
    }

    public List<Op> ops() {
        return new ArrayList<>(ops);
    }
}
