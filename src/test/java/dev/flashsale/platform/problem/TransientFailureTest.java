package dev.flashsale.platform.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import jakarta.transaction.SystemException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import javax.transaction.xa.XAException;
import org.junit.jupiter.api.Test;

class TransientFailureTest {

    @Test
    void theDatabasesPassingTroubleIsTransientHoweverDeeplyWrapped() {
        for (String state : new String[] {"08001", "08006", "57P01", "57P03", "53300", "55P03", "57014", "40P01", "40001"}) {
            SQLException cause = new SQLException("from PostgreSQL", state);
            assertTrue(TransientFailure.is(cause), state);
            assertTrue(TransientFailure.is(new EJBException(new RuntimeException("wrapped", cause))), state + " wrapped");
        }
        assertTrue(TransientFailure.is(new RuntimeException(new SQLTransientConnectionException("pool empty"))));
    }

    /** As the server reports a container-managed commit that lost its connection: only the message of the cause is kept. */
    @Test
    void aCommitTheDatabaseDidNotAcknowledgeIsTransient() {
        for (int code : new int[] {XAException.XAER_RMERR, XAException.XAER_RMFAIL}) {
            XAException commit = new XAException("jakarta.resource.spi.LocalTransactionException: An I/O error occurred while sending to the backend.");
            commit.errorCode = code;
            SystemException system = new SystemException();
            system.initCause(commit);
            EJBException failed = new EJBException("Unable to complete container-managed transaction.", system);
            assertEquals("service-unavailable", typeOf(failed), "XA error " + code);
        }
        // The server wraps any failure of a commit so, a bug of ours too: that stays a 500.
        for (String ours : new String[] {"java.lang.NullPointerException", "java.lang.IllegalStateException: no stock row", null}) {
            XAException commit = new XAException(ours);
            commit.errorCode = XAException.XAER_RMERR;
            SystemException system = new SystemException();
            system.initCause(commit);
            assertFalse(TransientFailure.is(new EJBException("Unable to complete container-managed transaction.", system)), String.valueOf(ours));
        }
        for (String lost : new String[] {"org.postgresql.util.PSQLException: This connection has been closed.",
                "org.postgresql.util.PSQLException: FATAL: terminating connection due to administrator command"}) {
            XAException commit = new XAException(lost);
            commit.errorCode = XAException.XAER_RMERR;
            assertTrue(TransientFailure.is(commit), lost);
        }
        XAException unavailable = new XAException(XAException.XAER_RMFAIL);
        assertTrue(TransientFailure.is(unavailable), "the resource manager unavailable, with no text");
        XAException protocol = new XAException(XAException.XAER_PROTO);
        assertFalse(TransientFailure.is(new EJBException(new RuntimeException(protocol))), "a protocol error is ours");
    }

    /**
     * The driver and PostgreSQL write their texts in the language they are set to: a lost commit is
     * told by what failed (its class, or the SQLSTATE), never by English words. Failed before: the
     * German and French texts below were answered 500, and a bug of ours whose text said "I/O error" 503.
     */
    @Test
    void aLostCommitIsToldInAnyLanguageAndABugInNone() {
        for (String lost : new String[] {
                "jakarta.resource.spi.LocalTransactionException: Beim Senden zum Backend trat ein E/A-Fehler auf.",
                "jakarta.resource.spi.LocalTransactionException: Cette connexion a été fermée.",
                "org.postgresql.util.PSQLException: FATAL: Verbindung wird abgebrochen aufgrund von Anweisung des Administrators",
                "org.postgresql.util.PSQLException: FATAL: le système de bases de données s'arrête"}) {
            XAException commit = new XAException(lost);
            commit.errorCode = XAException.XAER_RMERR;
            SystemException system = new SystemException();
            system.initCause(commit);
            assertEquals("service-unavailable", typeOf(new EJBException("Unable to complete container-managed transaction.", system)), lost);
        }
        for (String state : new String[] {"08006", "08003", "57P01", "57P02", "57P03"}) {
            assertEquals("service-unavailable", typeOf(new EJBException(new SQLException("Verbindung verloren", state))), state);
        }
        for (String ours : new String[] {"java.lang.IllegalStateException: I/O error while reading the plan",
                "java.lang.IllegalStateException: terminating connection of a test", "Verbindung: java.lang.NullPointerException"}) {
            XAException commit = new XAException(ours);
            commit.errorCode = XAException.XAER_RMERR;
            assertFalse(TransientFailure.is(commit), ours);
        }
    }

    @Test
    void aLockOrStatementTimeoutIsBusyTheRestServiceUnavailable() {
        assertEquals("busy", typeOf(new EJBException(new SQLException("lock timeout", "55P03"))));
        assertEquals("busy", typeOf(new SQLException("statement timeout", "57014")));
        assertEquals("service-unavailable", typeOf(new SQLException("restart", "57P01")));
        // A stateless SQLException on the way to the transient one is no reason to fail.
        assertEquals("service-unavailable", typeOf(new SQLException("wrapper", (String) null,
                new SQLException("connection refused", "08001"))));
        assertEquals(503, TransientFailure.answer(new SQLException("x", "08006")).orElseThrow().status());
        assertTrue(TransientFailure.answer(new IllegalStateException("a bug")).isEmpty());
    }

    private static String typeOf(Throwable failure) {
        return TransientFailure.answer(failure).orElseThrow().toProblem().type().replaceAll(".*/", "");
    }

    @Test
    void bugsAndClientMistakesAreNot() {
        for (String state : new String[] {"23505", "23514", "42P01", "22021", "XX000"}) {
            assertFalse(TransientFailure.is(new EJBException(new SQLException("from PostgreSQL", state))), state);
        }
        assertFalse(TransientFailure.is(new SQLException("no state")));
        assertFalse(TransientFailure.is(new IllegalStateException("a bug")));
    }
}
