package dev.flashsale.storefront;

import dev.flashsale.platform.pipeline.Exchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/** A storefront request that came through the storefront's own door ({@link StorefrontDoor}). */
record GrizzlyExchange(Request request, Response response, String path) implements Exchange {

    @Override
    public String method() {
        return request.getMethod().getMethodString();
    }

    @Override
    public String header(String name) {
        return request.getHeader(name);
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = new ArrayList<>(1);
        request.getHeaders(name).forEach(values::add);
        return values;
    }

    @Override
    public long contentLength() {
        return request.getContentLengthLong();
    }

    @Override
    public String contentType() {
        return request.getContentType();
    }

    @Override
    public InputStream body() {
        return request.getInputStream();
    }

    @Override
    public String url() {
        return request.getRequestURL().toString();
    }

    @Override
    public String peerAddress() {
        return request.getRemoteAddr();
    }

    @Override
    public void status(int status) {
        response.setStatus(status);
    }

    @Override
    public void header(String name, String value) {
        response.setHeader(name, value);
    }

    @Override
    public void contentType(String mediaType) {
        response.setContentType(mediaType);
    }

    @Override
    public void contentLength(int length) {
        response.setContentLength(length);
    }

    @Override
    public OutputStream out() throws IOException {
        return response.getOutputStream();
    }

    @Override
    public boolean suspend() {
        response.suspend();
        return true;
    }

    /**
     * Resumes the request unless its client has gone meanwhile: Grizzly then cancelled it and let its
     * context go, and resuming would run a context that may serve another connection by now. Grizzly
     * cancels under the same lock.
     */
    @Override
    public void resume() {
        synchronized (response.getSuspendContext()) {
            if (response.isSuspended()) {
                response.resume();
            }
        }
    }
}
