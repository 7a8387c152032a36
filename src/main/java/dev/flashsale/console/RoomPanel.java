package dev.flashsale.console;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.boundary.RoomAdmin;
import dev.flashsale.room.entity.RoomView;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonArrayBuilder;
import java.io.Serializable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The dashboard's waiting room, when the sale has one: queue, admissions, the lottery's seed hash
 * (and the seed once drawn), a chart of the queue and of admissions since the page was opened
 * (one point per refresh), pause and resume, and revoking a ticket.
 */
@Named
@ViewScoped
public class RoomPanel implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int MOST_POINTS = 900;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private record Point(Instant at, long waiting, long admitted) implements Serializable {
    }

    @Inject
    transient RoomAdmin rooms;

    @Inject
    transient ConsoleActions actions;

    private SaleId saleId;
    private RoomView room;
    private String ticket;
    private final Deque<Point> points = new ArrayDeque<>();

    public void refresh(String id) {
        try {
            saleId = SaleId.parse(id);
        } catch (ProblemException notAnId) {
            return; // the dashboard says so already
        }
        actions.attempt(null, () -> rooms.findIfAny(saleId)).ifPresent(found -> found.ifPresent(this::show));
    }

    public void pause() {
        actions.attempt(null, () -> rooms.pause(saleId, true)).ifPresent(this::show);
    }

    public void resume() {
        actions.attempt(null, () -> rooms.pause(saleId, false)).ifPresent(this::show);
    }

    public void revoke() {
        String revoked = ticket == null ? "" : ticket.strip();
        if (actions.attempt("roomForm:ticket", () -> {
            rooms.revoke(saleId, revoked);
            return revoked;
        }).isPresent()) {
            actions.info("Ticket " + revoked + " revoked");
            ticket = null;
        }
    }

    private void show(RoomView found) {
        room = found;
        points.addLast(new Point(Instant.now(), found.waiting() + found.preQueue(), found.admitted()));
        while (points.size() > MOST_POINTS) {
            points.removeFirst();
        }
    }

    /** A Chart.js line chart of tickets waiting and buyers admitted; built with JSON-P, so nothing typed can break out. */
    public String getChart() {
        JsonArrayBuilder labels = JsonBuilders.array();
        JsonArrayBuilder waiting = JsonBuilders.array();
        JsonArrayBuilder admitted = JsonBuilders.array();
        points.forEach(point -> {
            labels.add(TIME.format(point.at()));
            waiting.add(point.waiting());
            admitted.add(point.admitted());
        });
        return JsonBuilders.object()
                .add("type", "line")
                .add("data", JsonBuilders.object()
                        .add("labels", labels)
                        .add("datasets", JsonBuilders.array()
                                .add(JsonBuilders.object().add("label", "Waiting").add("borderColor", "#6366f1")
                                        .add("backgroundColor", "#6366f1").add("pointRadius", 0).add("data", waiting))
                                .add(JsonBuilders.object().add("label", "Admitted").add("borderColor", "#16a34a")
                                        .add("backgroundColor", "#16a34a").add("pointRadius", 0).add("data", admitted))))
                .add("options", JsonBuilders.object().add("animation", false).add("maintainAspectRatio", false)
                        .add("scales", JsonBuilders.object().add("y", JsonBuilders.object().add("beginAtZero", true))))
                .build().toString().replace("<", "\\u003c");
    }

    public RoomView getRoom() {
        return room;
    }

    public String getTicket() {
        return ticket;
    }

    public void setTicket(String ticket) {
        this.ticket = ticket;
    }
}
