package dev.flashsale.platform.pipeline;

/**
 * One storefront route's own work, called by the pipeline in one order: {@link #read} the request
 * into what it asks for (refusing a bad one), {@link #limit} it beyond its caller's limits, have
 * the waiting room {@link #admit} it, {@link #answer} it, and hear every answer it got, problems
 * included ({@link #answered}). Each step refuses by throwing a
 * {@link dev.flashsale.platform.problem.ProblemException}, which the pipeline writes.
 *
 * @param <T> what the request asks for, read and checked
 */
public interface Handler<T> {

    T read(Call call);

    /** Limits of this request beyond its caller's (the API key's and the address's): none unless overridden. */
    default void limit(T request) {
    }

    /** The waiting room's say on this request: none unless overridden. */
    default Admission admit(Call call, T request) {
        return Admission.NONE;
    }

    Answer answer(Call call, T request);

    /** {@link #answer} of a request the room let through with {@code admission}: a route the room has a say on overrides it. */
    default Answer answer(Call call, T request, Admission admission) {
        return answer(call, request);
    }

    /** Every answer of this route with its status, problem type slug ({@link Answer#NO_PROBLEM} for none) and time. */
    default void answered(int status, String problem, long nanos) {
    }
}
