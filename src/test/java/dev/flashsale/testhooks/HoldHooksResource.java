package dev.flashsale.testhooks;

import dev.flashsale.platform.database.DatabaseMigration;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.boundary.HoldSweeper;
import dev.flashsale.reservations.boundary.ReservationLifecycle;
import dev.flashsale.reservations.entity.ExpiredHolds;
import dev.flashsale.reservations.entity.Reservation;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * What the race tests need from inside the server, deployed only in tests: a sweep on demand
 * (next to the timer's), and a payment for a hold made overdue in the payment's own transaction.
 */
@RequestScoped
@Access(Roles.STOREFRONT)
@Path("test/holds")
@Produces(MediaType.APPLICATION_JSON)
public class HoldHooksResource {

    @Inject
    HoldSweeper sweeper;

    @Inject
    ReservationLifecycle lifecycle;

    @Resource
    UserTransaction transaction;

    @Resource(lookup = DatabaseMigration.DATA_SOURCE)
    DataSource dataSource;

    @POST
    @Path("sweep")
    public JsonObject sweep() {
        ExpiredHolds expired = sweeper.sweep();
        return Json.createObjectBuilder().add("holds", expired.holds()).add("units", expired.units()).build();
    }

    /**
     * Makes the hold overdue and pays for it in one transaction, which locks the hold's row first,
     * so the sweeper cannot expire it in between. A payment that is accepted commits; a refusal
     * rolls back and answers as the storefront API would.
     */
    @POST
    @Path("{id}/confirm-while-overdue")
    public JsonObject confirmWhileOverdue(@PathParam("id") ReservationId id) throws Exception {
        transaction.begin();
        try {
            makeOverdueInThisTransaction(id);
            Reservation confirmed = lifecycle.confirm(id, lifecycle.find(id).idempotencyKey().owner());
            transaction.commit();
            return Json.createObjectBuilder().add("status", confirmed.status().name()).build();
        } catch (Exception | Error e) {
            if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
                transaction.rollback();
            }
            throw e;
        }
    }

    /** The application's data source enlists this connection in the running JTA transaction. */
    private void makeOverdueInThisTransaction(ReservationId id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(
                     "UPDATE reservation SET expires_at = now() - interval '1 second' WHERE id = ?")) {
            update.setObject(1, id.value());
            if (update.executeUpdate() != 1) {
                throw new IllegalStateException("No hold " + id);
            }
        }
    }
}
