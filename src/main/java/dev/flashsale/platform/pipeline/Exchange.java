package dev.flashsale.platform.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * One storefront request and its answer, as the door that took it hands them to the pipeline:
 * the servlet container's ({@code StorefrontPipeline}) or the storefront's own Grizzly handler
 * ({@code StorefrontDoor}). The pipeline, the handlers' {@link Call} and {@link AnswerWriter} see
 * only this, so that every answer is the same whichever door took the request.
 */
public interface Exchange {

    String method();

    /** The path below the context, decoded (the container's or the door's own normalisation). */
    String path();

    /** The first value of a header, or null. */
    String header(String name);

    /** Every value of a header, each line as sent. */
    List<String> headers(String name);

    /** The declared body length, -1 when not declared (chunked or none). */
    long contentLength();

    String contentType();

    InputStream body() throws IOException;

    /** The request's URL without its query, as the client addressed it. */
    String url();

    /** The address of the socket's peer. */
    String peerAddress();

    void status(int status);

    void header(String name, String value);

    void contentType(String mediaType);

    void contentLength(int length);

    OutputStream out() throws IOException;

    /**
     * Holds the request open after the door's call returns, for another thread to answer it and
     * then {@link #resume} it; false when this door cannot (the request must be answered before
     * the call returns).
     */
    default boolean suspend() {
        return false;
    }

    /** Ends a request held open by {@link #suspend}, its answer written. */
    default void resume() {
    }
}
