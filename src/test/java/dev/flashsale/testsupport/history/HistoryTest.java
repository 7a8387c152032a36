package dev.flashsale.testsupport.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a request that got no answer is recorded as: only a refused connection is known to have done nothing. */
class HistoryTest {

    private final History history = new History();

    @Test
    void aRefusedConnectionIsUnsentAndEveryOtherFailureUnknown() {
        assertNull(fail(new UncheckedIOException(new ConnectException("Connection refused"))));
        fail(new UncheckedIOException(new IOException("Connection reset")));
        fail(new UncheckedIOException(new HttpTimeoutException("request timed out")));
        fail(new IllegalStateException("interrupted"));

        List<Op.Outcome> outcomes = history.ops().stream().map(Op::outcome).toList();
        assertEquals(List.of(Op.Outcome.UNSENT, Op.Outcome.UNKNOWN, Op.Outcome.UNKNOWN, Op.Outcome.UNKNOWN), outcomes);
        history.ops().forEach(op -> assertEquals(0, op.status(), op.toString()));
    }

    private Object fail(RuntimeException failure) {
        return history.record(Op.Kind.RESERVE, "k", "SKU", "buyer", 1, null, () -> {
            throw failure;
        });
    }
}
