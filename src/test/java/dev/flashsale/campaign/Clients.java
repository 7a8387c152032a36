package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.SaleChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The crowd of a run, each client's choices drawn from its own seed: buyers of the plain sale
 * (reserve, retrying the same key on the other node when no answer came, then pay, extend the hold
 * and keep it, cancel or let the hold run out), buyers through the room (take a ticket, poll, leave now and then, reserve
 * with the token once admitted) and one merchandiser (pause and open, change the units, close late
 * in the run).
 */
final class Clients {

    /** Tries of one idempotency key, alternating between the nodes. */
    static final int RESERVE_TRIES = 3;
    private static final String FOIL_PATH = "api/test/naive-reservations";

    private final RunPlan plan;
    private final SaleSetup sales;
    private final List<Node> nodes;
    private final History history;
    private final long deadlineNanos;
    /** The node of the test-only naive checkout, when reserves go there; null otherwise. */
    private final Api foil;

    Clients(RunPlan plan, SaleSetup sales, List<Node> nodes, History history, long deadlineNanos, Api foil) {
        this.plan = plan;
        this.sales = sales;
        this.nodes = nodes;
        this.history = history;
        this.deadlineNanos = deadlineNanos;
        this.foil = foil;
    }

    private boolean running() {
        return history.now() < deadlineNanos;
    }

    private Api node(int index) {
        return nodes.get(Math.floorMod(index, nodes.size())).api();
    }

    void buyer(int index) {
        Random random = new Random(plan.clientSeed(index));
        List<String> held = new ArrayList<>();
        for (int n = 0; running(); n++) {
            double dice = random.nextDouble();
            if (held.isEmpty() || dice < 0.55) {
                String key = sales.sku() + "-" + index + "-" + n;
                String buyer = "b" + random.nextInt(plan.buyers());
                int qty = 1 + random.nextInt(SaleSetup.MAX_PER_ORDER);
                String id = reserve(random.nextInt(2), (api, tried) -> foil != null
                        ? history.record(Op.Kind.RESERVE, key, sales.sku(), buyer, qty,
                                null, () -> foil.post(FOIL_PATH, Api.reserveBody(sales.sku(), buyer, qty), "Idempotency-Key", key))
                        : history.reserve(api, key, sales.sku(), buyer, qty));
                if (id != null) {
                    held.add(id);
                }
            } else {
                String id = held.remove(random.nextInt(held.size()));
                if (dice < 0.72) {
                    history.confirm(node(random.nextInt(2)), id);
                } else if (dice < 0.80) {
                    // Extended (by some seconds, or by the sale's most), and kept: paid, cancelled, extended again or left later.
                    String asked = random.nextBoolean() ? null : "{\"seconds\": " + (1 + random.nextInt(plan.maxExtensionSeconds())) + "}";
                    history.extend(node(random.nextInt(2)), id, asked);
                    held.add(id);
                } else if (dice < 0.90) {
                    history.cancel(node(random.nextInt(2)), id);
                }
                // The rest are left to run out.
            }
        }
    }

    void roomBuyer(int index) {
        Random random = new Random(plan.clientSeed(index));
        for (int n = 0; running(); n++) {
            String buyer = "r" + index + "-" + n;
            Api.Answer taken = history.take(node(random.nextInt(2)), sales.roomSaleId(), buyer);
            if (taken == null || taken.status() >= 300) {
                Pause.millis(200);
                continue;
            }
            String ticket = taken.json().getString("ticket");
            String status = taken.json().getString("status", "");
            String token = taken.json().getString("token", null);
            while (running() && token == null && status.equals("WAITING")) {
                Pause.millis(150 + random.nextInt(250));
                if (random.nextInt(25) == 0) {
                    history.leave(node(random.nextInt(2)), sales.roomSaleId(), buyer, ticket);
                    status = "LEFT";
                    break;
                }
                Api.Answer polled = history.poll(node(random.nextInt(2)), sales.roomSaleId(), buyer, ticket);
                if (polled != null && polled.status() == 200) {
                    status = polled.json().getString("status", "");
                    token = polled.json().getString("token", null);
                }
            }
            if (token == null || !running()) {
                Pause.millis(200); // sold out, expired or left: the next buyer comes a little later
                continue;
            }
            String admitted = token;
            String key = sales.roomSku() + "-" + index + "-" + n;
            String id = reserve(random.nextInt(2),
                    (api, tried) -> history.reserveAdmitted(api, key, sales.roomSku(), buyer, 1, admitted));
            double dice = random.nextDouble();
            if (id != null && dice < 0.4) {
                history.confirm(node(random.nextInt(2)), id);
            } else if (id != null && dice < 0.6) {
                history.cancel(node(random.nextInt(2)), id);
            }
        }
    }

    void merchandiser(int index) {
        Random random = new Random(plan.clientSeed(index));
        int units = plan.units();
        boolean closed = false;
        while (running() && !closed) {
            Pause.millis(500 + random.nextInt(900));
            double dice = random.nextDouble();
            Api admin = node(random.nextInt(2));
            String sale = "api/admin/sales/" + sales.saleId();
            if (dice < 0.45) {
                history.change(SaleChange.Kind.PAUSE, sales.saleId(), 0, () -> admin.adminPostEmpty(sale + "/pause"));
                Pause.millis(150 + random.nextInt(450));
                history.change(SaleChange.Kind.OPEN, sales.saleId(), 0, () -> admin.adminPostEmpty(sale + "/open"));
            } else if (dice < 0.9 || history.now() < deadlineNanos * 0.7) {
                int next = Math.max(1, units + random.nextInt(41) - 20);
                String terms = SaleSetup.terms(plan, sales.name(), sales.sku(), next, plan.shards()).build().toString();
                Api.Answer changed = history.change(SaleChange.Kind.UNITS, sales.saleId(), next, () -> admin.adminPut(sale, terms));
                if (changed != null && changed.status() == 200) {
                    units = next;
                }
            } else {
                history.change(SaleChange.Kind.CLOSE, sales.saleId(), 0, () -> admin.adminPostEmpty(sale + "/close"));
                closed = true;
            }
        }
    }

    /** A call of one key on one node; {@code tried} counts the tries before it. */
    interface Reserve {
        Api.Answer on(Api api, int tried);
    }

    /**
     * Reserves with one key, on the first node and then, while no answer came or the answer was
     * a 5xx, on the other: @return the reservation's id, or null
     */
    private String reserve(int first, Reserve call) {
        for (int tried = 0; tried < RESERVE_TRIES; tried++) {
            Api.Answer answer = call.on(node(first + tried), tried);
            if (answer != null && answer.status() < 500) {
                return answer.status() < 300 && !answer.body().isBlank() ? answer.json().getString("id", null) : null;
            }
            if (!running()) {
                return null;
            }
        }
        return null;
    }
}
