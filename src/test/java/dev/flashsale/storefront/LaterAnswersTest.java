package dev.flashsale.storefront;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class LaterAnswersTest {

    /** A refusal the handler threw keeps its status and type, however the future wrapped it. */
    @Test
    void aRefusalIsAnsweredAsThrown() {
        ProblemException refused = ProblemException.retryLater("room-unavailable", "Waiting room unavailable", "Ask again");
        assertEquals(503, LaterAnswers.problemOf(refused).problem().status());
        ProblemAnswer wrapped = LaterAnswers.problemOf(new CompletionException(refused));
        assertEquals(503, wrapped.problem().status());
        assertEquals(refused.toProblem().type(), wrapped.problem().type());
    }

    /** An answer that did not come within the time a request is held is 503, to ask again; a failure of ours is 500. */
    @Test
    void tooLateIs503AndAFailureOfOursIs500() {
        ProblemAnswer late = LaterAnswers.problemOf(new TimeoutException());
        assertEquals(503, late.problem().status());
        assertEquals(LaterAnswers.TOO_LATE.toProblem().type(), late.problem().type());
        assertEquals(500, LaterAnswers.problemOf(new CompletionException(new IllegalStateException("a bug"))).problem().status());
    }
}
