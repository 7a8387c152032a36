package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.rest.Ids;
import dev.flashsale.reservations.entity.Movement;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationQuery;
import dev.flashsale.reservations.entity.ReservationStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;

/** Reservations over the admin API: search, history, cancel a hold (merchandisers only). */
@ApplicationScoped
@Path("admin/reservations")
@Produces(MediaType.APPLICATION_JSON)
public class ReservationDeskResource {

    @Inject
    ReservationDesk desk;

    @GET
    public List<Reservation> search(@QueryParam("key") String key, @QueryParam("buyer") String buyer,
                                    @QueryParam("status") String status, @QueryParam("sku") String sku) {
        return desk.search(new ReservationQuery(key, buyer, statusOf(status), sku));
    }

    @GET
    @Path("{id}/history")
    public List<Movement> history(@PathParam("id") String id) {
        return desk.history(Ids.parse(id, "reservation"));
    }

    @POST
    @Path("{id}/cancel")
    public Reservation cancel(@PathParam("id") String id) {
        return desk.cancelHold(Ids.parse(id, "reservation"));
    }

    private static ReservationStatus statusOf(String status) {
        if (status == null || status.isBlank()) {
            return null;
        }
        try {
            return ReservationStatus.valueOf(status.strip());
        } catch (IllegalArgumentException unknown) {
            throw ProblemException.badRequest("invalid-status", "status must be one of "
                    + Arrays.toString(ReservationStatus.values()));
        }
    }
}
