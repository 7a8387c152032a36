package dev.flashsale.storefront;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Access;
import dev.flashsale.reservations.boundary.CancelReservation;
import dev.flashsale.reservations.boundary.ReserveUnits;
import dev.flashsale.room.boundary.LeaveRoom;
import dev.flashsale.room.boundary.LotteryRecordOfRoom;
import dev.flashsale.room.boundary.PollTicket;
import dev.flashsale.room.boundary.RoomFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The storefront's routes matched as the REST framework would: literal segments first, HEAD as GET, 405 with what is allowed. */
class StorefrontRoutesTest {

    private final StorefrontRoutes routes = routes(new Ping(), new ReserveUnits(), new CancelReservation(), new RoomFacts(),
            new PollTicket(), new LeaveRoom(), new LotteryRecordOfRoom());

    @Test
    void aRequestFindsItsRouteAndItsParameters() {
        StorefrontRoutes.Match ticket = routes.match("GET", "/api/sales/s-1/queue/t_1");
        assertTrue(ticket.route().handler() instanceof PollTicket);
        assertArrayEquals(new String[] {"s-1", "t_1"}, ticket.values());
        assertTrue(routes.match("DELETE", "/api/sales/s-1/queue/t_1").route().handler() instanceof LeaveRoom);
        assertTrue(routes.match("POST", "/api/reservations/r-1/cancel").route().handler() instanceof CancelReservation);
        assertTrue(routes.match("HEAD", "/api/ping").route().handler() instanceof Ping, "HEAD is answered as GET");
        assertTrue(routes.match("GET", "/api/ping").isPublic());
        assertFalse(routes.match("POST", "/api/reservations").isPublic());
    }

    @Test
    void aLiteralSegmentWinsOverAParameter() {
        StorefrontRoutes.Match lottery = routes.match("GET", "/api/sales/s-1/queue/lottery");
        assertTrue(lottery.route().handler() instanceof LotteryRecordOfRoom);
        StorefrontRoutes.Match leave = routes.match("DELETE", "/api/sales/s-1/queue/lottery");
        assertNull(leave.route(), "the path is the lottery's, which is not left");
        assertEquals("GET, HEAD, OPTIONS", leave.allowed());
    }

    @Test
    void aPathOfNoRouteMatchesNothingAndAnotherMethodIsNotAllowed() {
        for (String path : new String[] {"/api/no-such-thing", "/api/ping/more", "/api/sales//queue", "/api/reservations/r-1/x",
                "/api/sales/s-1/queue/t_1/more"}) {
            StorefrontRoutes.Match none = routes.match("GET", path);
            assertTrue(none.onPath().isEmpty(), path);
            assertFalse(none.isPublic(), path + " needs a key");
        }
        StorefrontRoutes.Match wrongMethod = routes.match("PUT", "/api/reservations");
        assertNull(wrongMethod.route());
        assertEquals("POST, OPTIONS", wrongMethod.allowed());
    }

    @Test
    void anIdParameterIsTheUuidItNamesAndAnythingElseIsAnInvalidId() {
        StorefrontRoute poll = routes.match("GET", "/api/sales/s-1/queue/t_1").route();
        assertEquals("/api/sales/{saleId}/queue/{ticket}", poll.path(), "the document's path names no kind");
        assertTrue(poll.isId("saleId"));
        assertFalse(poll.isId("ticket"));
        UUID sale = UUID.randomUUID();
        assertArrayEquals(new UUID[] {sale, null}, poll.ids(new String[] {sale.toString(), "t_1"}));
        for (String notAnId : new String[] {"s-1", "42", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", sale + "0"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> poll.ids(new String[] {notAnId, "t_1"}), notAnId);
            assertEquals(400, refused.status());
            assertTrue(refused.toProblem().type().endsWith("/invalid-id"), refused.toProblem().type());
        }
    }

    /** Two classes of one handler on the class path (one moved, its old class left behind) both answered one route, silently. */
    @Test
    void twoHandlersOfOneRouteAreRefused() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> routes(new Ping(), new Ping()));
        assertTrue(refused.getMessage().contains("GET /api/ping"), refused.getMessage());
    }

    @Test
    void aHandlerWithoutItsRouteOrItsAccessIsRefused() {
        assertThrows(IllegalStateException.class, () -> StorefrontRoute.of(new Undeclared(), Undeclared.class));
    }

    @Test
    void aParameterThatIsNeitherANameNorANamedIdIsRefused() {
        for (Class<?> type : List.of(NoName.class, NoKind.class, TwoKinds.class)) {
            assertThrows(IllegalStateException.class, () -> StorefrontRoute.of(new Ping(), type), type.getSimpleName());
        }
    }

    @Access(Access.PUBLIC)
    @Answers("GET /api/x/{:sale}")
    private static final class NoName {
    }

    @Access(Access.PUBLIC)
    @Answers("GET /api/x/{id:}")
    private static final class NoKind {
    }

    @Access(Access.PUBLIC)
    @Answers("GET /api/x/{id:sale:more}")
    private static final class TwoKinds {
    }

    private static StorefrontRoutes routes(Handler<?>... handlers) {
        List<StorefrontRoute> found = new ArrayList<>();
        for (Handler<?> handler : handlers) {
            found.add(StorefrontRoute.of(handler, handler.getClass()));
        }
        StorefrontRoutes routes = new StorefrontRoutes();
        routes.set(found);
        return routes;
    }

    private static final class Undeclared implements Handler<Void> {

        @Override
        public Void read(dev.flashsale.platform.pipeline.Call call) {
            return null;
        }

        @Override
        public dev.flashsale.platform.pipeline.Answer answer(dev.flashsale.platform.pipeline.Call call, Void request) {
            return null;
        }
    }
}
