package dev.flashsale.platform.pipeline;

import java.util.concurrent.CompletableFuture;

/**
 * A route whose answer may come after its request's thread has gone on to other requests: the
 * waiting room's, whose tickets and polls wait for a Redis call they share. The storefront's own
 * door holds such a request open, and the thread that completes the answer writes it; a door that
 * cannot hold a request open (the servlet container's) waits for it. Its {@link #admit} hears its
 * answer as any route's does, but is not handed to {@link #answerLater}.
 *
 * @param <T> what the request asks for, read and checked
 */
public interface LaterHandler<T> extends Handler<T> {

    /** The answer, once there is one; a refusal completes it with its {@link dev.flashsale.platform.problem.ProblemException}. */
    CompletableFuture<Answer> answerLater(Call call, T request);

    /** Not asked: the pipeline asks {@link #answerLater}. */
    @Override
    default Answer answer(Call call, T request) {
        throw new UnsupportedOperationException("A route that answers later is asked answerLater");
    }
}
