package dev.flashsale.platform.problem;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
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

    @Test
    void bugsAndClientMistakesAreNot() {
        for (String state : new String[] {"23505", "23514", "42P01", "22021", "XX000"}) {
            assertFalse(TransientFailure.is(new EJBException(new SQLException("from PostgreSQL", state))), state);
        }
        assertFalse(TransientFailure.is(new SQLException("no state")));
        assertFalse(TransientFailure.is(new IllegalStateException("a bug")));
    }
}
