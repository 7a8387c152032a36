package dev.flashsale.testsupport.history;

import dev.flashsale.platform.Causes;
import dev.flashsale.testsupport.Api;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The history of a run: every reserve, confirm, cancel and extension with its invocation and completion time
 * and its outcome, recorded by the clients themselves, safe for any number of client threads. A
 * request that throws answers null and is recorded as UNKNOWN (a timeout, a dropped connection),
 * or as UNSENT when its connection was refused. Beside them, the requests to a sale's waiting room
 * ({@link RoomOp}), the merchandiser's changes to a sale ({@link SaleChange}) and the admission
 * token each reserve carried.
 */
public final class History {

    private final long origin = System.nanoTime();
    private final AtomicLong ids = new AtomicLong();
    private final ConcurrentLinkedQueue<Op> ops = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<RoomOp> roomOps = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<SaleChange> changes = new ConcurrentLinkedQueue<>();
    private final Map<String, String> tokenOfKey = new ConcurrentHashMap<>();

    public Api.Answer reserve(Api api, String key, String sku, String buyer, int qty) {
        return record(Op.Kind.RESERVE, key, sku, buyer, qty, null, () -> api.reserve(key, sku, buyer, qty));
    }

    /** A reserve of a sale with its room on, carrying the buyer's admission token. */
    public Api.Answer reserveAdmitted(Api api, String key, String sku, String buyer, int qty, String token) {
        tokenOfKey.put(key, token);
        return record(Op.Kind.RESERVE, key, sku, buyer, qty, null, () -> api.post("api/reservations",
                Api.reserveBody(sku, buyer, qty), "Idempotency-Key", key, "X-Admission-Token", token));
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
        Op.Outcome outcome = outcome(status);
        String problem = answer.isProblem() ? answer.problemType() : null;
        boolean described = outcome == Op.Outcome.OK && !answer.body().isBlank();
        String reservationId = described ? answer.json().getString("id", null) : null;
        String state = described ? answer.json().getString("status", null) : null;
        String deadline = described && (kind == Op.Kind.EXTEND || kind == Op.Kind.RESERVE) ? answer.json().getString("expiresAt", null) : null;
        add(new Op(ids.incrementAndGet(), kind, key, sku, buyer, qty, target, invoked, completed, outcome, status,
                problem, reservationId, state, deadline));
        return answer;
    }

    /** Takes the buyer's ticket of the sale's room (201 new, 200 the buyer's own from before). */
    public Api.Answer take(Api api, String saleId, String buyer) {
        return recordRoom(RoomOp.Kind.TAKE, saleId, buyer, null, () -> api.post("api/sales/" + saleId + "/queue",
                Json.createObjectBuilder().add("buyerId", buyer).build().toString()));
    }

    public Api.Answer poll(Api api, String saleId, String buyer, String ticket) {
        return recordRoom(RoomOp.Kind.POLL, saleId, buyer, ticket, () -> api.get("api/sales/" + saleId + "/queue/" + ticket));
    }

    public Api.Answer leave(Api api, String saleId, String buyer, String ticket) {
        return recordRoom(RoomOp.Kind.LEAVE, saleId, buyer, ticket, () -> api.delete("api/sales/" + saleId + "/queue/" + ticket));
    }

    private Api.Answer recordRoom(RoomOp.Kind kind, String saleId, String buyer, String ticket, Supplier<Api.Answer> call) {
        long invoked = now();
        Api.Answer answer;
        try {
            answer = call.get();
        } catch (RuntimeException failed) {
            roomOps.add(new RoomOp(ids.incrementAndGet(), kind, saleId, buyer, ticket, invoked, now(),
                    neverSent(failed) ? Op.Outcome.UNSENT : Op.Outcome.UNKNOWN, 0, null, null));
            return null;
        }
        long completed = now();
        JsonObject body = answer.status() < 300 && answer.body().startsWith("{") ? answer.json() : null;
        roomOps.add(new RoomOp(ids.incrementAndGet(), kind, saleId, buyer,
                body != null ? body.getString("ticket", ticket) : ticket, invoked, completed, outcome(answer.status()),
                answer.status(), body != null ? body.getString("status", null) : null,
                body != null ? body.getString("token", null) : null));
        return answer;
    }

    /** A merchandiser's change to a sale: {@code call} answers as the admin API does (200: done). */
    public Api.Answer change(SaleChange.Kind kind, String saleId, int units, Supplier<Api.Answer> call) {
        long invoked = now();
        Api.Answer answer;
        try {
            answer = call.get();
        } catch (RuntimeException failed) {
            changes.add(new SaleChange(ids.incrementAndGet(), kind, saleId, invoked, now(),
                    neverSent(failed) ? Op.Outcome.UNSENT : Op.Outcome.UNKNOWN, 0, units));
            return null;
        }
        changes.add(new SaleChange(ids.incrementAndGet(), kind, saleId, invoked, now(), outcome(answer.status()),
                answer.status(), units));
        return answer;
    }

    private static Op.Outcome outcome(int status) {
        return status < 300 ? Op.Outcome.OK : status < 500 ? Op.Outcome.REFUSED : Op.Outcome.UNKNOWN;
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

    public List<RoomOp> roomOps() {
        return new ArrayList<>(roomOps);
    }

    public List<SaleChange> changes() {
        return new ArrayList<>(changes);
    }

    /** The admission token each reserve of a room's sale carried, by its idempotency key. */
    public Map<String, String> tokensOfKeys() {
        return Map.copyOf(tokenOfKey);
    }

    /** Adds a room request as recorded elsewhere (a replayed or hand-made history). */
    public void add(RoomOp op) {
        roomOps.add(op);
    }

    public void add(SaleChange change) {
        changes.add(change);
    }

    public void addToken(String key, String token) {
        tokenOfKey.put(key, token);
    }
}
