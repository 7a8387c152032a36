package dev.flashsale.platform.pipeline;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.List;

/** A request that came through the servlet container: the storefront's in the servlet door, and any answer written before the REST framework (the authentication's). */
public record ServletExchange(HttpServletRequest request, HttpServletResponse response) implements Exchange {

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    @Override
    public String header(String name) {
        return request.getHeader(name);
    }

    @Override
    public List<String> headers(String name) {
        return Collections.list(request.getHeaders(name));
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
    public InputStream body() throws IOException {
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
}
