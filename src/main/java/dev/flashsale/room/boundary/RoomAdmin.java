package dev.flashsale.room.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.Lottery;
import dev.flashsale.room.control.RecentPolls;
import dev.flashsale.room.control.RoomBook;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomRefusals;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomChanged;
import dev.flashsale.room.entity.RoomFigures;
import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.room.entity.RoomView;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleView;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Merchandisers set a sale's waiting room, pause and resume its admission and revoke a ticket (and
 * its token); viewers read it. Each change goes to PostgreSQL, to the audit trail, and straight
 * into Redis, where every node's polls read it.
 */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
public class RoomAdmin {

    @Inject
    RecentPolls recentPolls;

    @Inject
    SaleAdmin sales;

    @Inject
    RoomBook book;

    @Inject
    RoomRedis redis;

    @Inject
    RoomState state;

    @Inject
    AuditTrail audit;

    @Inject
    Event<RoomChanged> changed;

    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public RoomView find(SaleId sale) {
        SaleId saleId = sale;
        return viewOf(book.find(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId)));
    }

    /** The sale's room, or empty when the sale has none (the console's dashboard of any sale). */
    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public Optional<RoomView> findIfAny(SaleId sale) {
        SaleId saleId = sale;
        return book.find(saleId).map(this::viewOf);
    }

    /**
     * What the sale's room did, for its report (empty: the sale has no room): each figure the
     * greater of Redis' count and PostgreSQL's record. When Redis does not answer, the record alone,
     * as of the last {@code flashsale.room.admissions-record-ms}, and {@code live} false: a lower bound.
     */
    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public Optional<RoomFigures.Counted> figures(SaleId sale) {
        return book.find(sale).map(room -> {
            try {
                return new RoomFigures.Counted(room.recorded().atLeast(state.figures(sale)), true);
            } catch (ProblemException redisAway) {
                return new RoomFigures.Counted(room.recorded(), false);
            }
        });
    }

    private RoomView viewOf(Room room) {
        SaleId saleId = room.saleId();
        return new RoomView(saleId, room.enabled(), room.paused(), room.admissionPerSecond(), room.maxActive(), room.tokenSeconds(),
                room.missedPollSeconds(), room.preQueueOpensAt(), room.opensAt(), room.seedHash(),
                room.drawn() ? Lottery.hex(room.seed()) : null, room.drawnAt(), state.size(RoomKeys.queue(saleId)),
                state.size(RoomKeys.preQueue(saleId)), state.counter(saleId, "admittedTotal"),
                state.size(RoomKeys.admitted(saleId)), state.size(RoomKeys.active(saleId)), state.counter(saleId, "unitsReturned"),
                state.counter(saleId, "unitsReoffered"));
    }

    @RolesAllowed(Roles.MERCHANDISER)
    public RoomView set(SaleId sale, RoomSettings settings) {
        SaleId saleId = sale;
        SaleView terms = sales.find(sale);
        if (Boolean.TRUE.equals(settings.enabled()) && terms.startsAt() == null) {
            throw ProblemException.conflict("room-needs-start", "Room needs a start", "Sale " + saleId
                    + " has no startsAt: the room's lottery runs at the sale's opening second, so set startsAt first");
        }
        if (settings.preQueueOpensAt() != null && terms.startsAt() != null && settings.preQueueOpensAt().isAfter(terms.startsAt())) {
            throw ProblemException.badRequest("prequeue-opens-after-start", "preQueueOpensAt " + settings.preQueueOpensAt()
                    + " is after the sale's startsAt " + terms.startsAt());
        }
        book.save(saleId, settings);
        return changedTo(saleId, AuditAction.ROOM_SET, settings.toString());
    }

    @RolesAllowed(Roles.MERCHANDISER)
    public RoomView pause(SaleId sale, boolean paused) {
        SaleId saleId = sale;
        if (!book.setPaused(saleId, paused)) {
            throw RoomRefusals.roomNotFound(saleId);
        }
        RoomView changed = changedTo(saleId, paused ? AuditAction.ROOM_PAUSE : AuditAction.ROOM_RESUME, paused ? "admission paused" : "admission resumed");
        recentPolls.forgetSale(saleId);
        return changed;
    }

    @RolesAllowed(Roles.MERCHANDISER)
    public void revoke(SaleId sale, String ticket) {
        SaleId saleId = sale;
        book.find(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId));
        RoomRefusals.checkName(ticket);
        TicketRelease release = redis.release(saleId, ticket, true);
        recentPolls.forgetSale(saleId);
        if (release == TicketRelease.NO_SUCH_TICKET) {
            throw RoomRefusals.ticketNotFound(ticket);
        }
        audit.record(AuditAction.ROOM_REVOKE, "sale:" + saleId, "ticket commitment " + Lottery.commitment(ticket)
                + (release == TicketRelease.ALREADY_GONE ? " (already gone)" : ""));
    }

    private RoomView changedTo(SaleId saleId, AuditAction action, String detail) {
        Room room = book.find(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId));
        state.configure(room);
        audit.record(action, "sale:" + saleId, detail);
        changed.fire(new RoomChanged(saleId));
        return find(saleId);
    }
}
