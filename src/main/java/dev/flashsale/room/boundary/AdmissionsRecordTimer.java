package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.timer.IntervalTimer;
import dev.flashsale.room.control.RoomBook;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomState;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every {@code flashsale.room.admissions-record-ms}, records in PostgreSQL what each room on has
 * done, as Redis counts it (tickets, admissions, buyers who left, expired and revoked tickets, the
 * waits): the figures then outlive a Redis that restarted empty (RoomState gives them back), and
 * the sale's report reads them. On every node: recording only ever raises a figure, so nodes
 * recording the same room do no harm, and no node is needed for it.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class AdmissionsRecordTimer extends IntervalTimer {

    @Inject
    RoomDirectory directory;

    @Inject
    RoomState state;

    @Inject
    RoomBook book;

    @Inject
    @ConfigProperty(name = "flashsale.room.admissions-record-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "room-admissions";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        for (SaleId sale : directory.salesWithRoom()) {
            book.recordFigures(sale, state.figures(sale));
        }
    }

    /** Redis away is logged and counted by RoomRedisCalls already; the next tick records what this one could not. */
    @Override
    protected Level levelOf(RuntimeException failure) {
        return failure instanceof ProblemException ? Level.FINE : Level.WARNING;
    }
}
