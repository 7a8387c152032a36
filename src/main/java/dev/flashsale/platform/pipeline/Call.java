package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.id.KeyOwner;
import java.nio.charset.Charset;
import java.util.List;

/**
 * A storefront request as its route sees it: the path's parameters by name, its headers, its
 * JSON body (read once, bounded), where it was sent, and the owner of the API key that called.
 */
public final class Call {

    private final Exchange request;
    private final List<String> names;
    private final String[] values;
    private final KeyOwner owner;
    private final int maxBodyBytes;

    public Call(Exchange request, List<String> names, String[] values, KeyOwner owner, int maxBodyBytes) {
        this.request = request;
        this.names = names;
        this.values = values;
        this.owner = owner;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The path parameter of this name, as sent (decoded). */
    public String param(String name) {
        int index = names.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("The route has no parameter " + name);
        }
        return values[index];
    }

    public String header(String name) {
        return request.header(name);
    }

    /** The owner of the API key that called: what the call makes is its, and it finds only its own; null for a public route. */
    public KeyOwner owner() {
        return owner;
    }

    /** The URL of what this request made, named {@code child} below the request's own URL. */
    public String location(String child) {
        return request.url() + '/' + child;
    }

    /**
     * The body, a JSON object read by {@code reader}: sent as application/json (else 415), at most
     * the configured size (else 413), well-formed and of the expected shape (else 400).
     */
    public <T> T body(JsonObjectReader<T> reader) {
        Charset charset = MediaTypes.jsonCharset(request.contentType());
        return reader.read(BodyLimit.read(request, maxBodyBytes), charset);
    }

    /**
     * A body that may be left out: {@code absent} when the request has none (not one byte, whatever
     * its Content-Type says), else the body as {@link #body} reads it (415, 413, 400 alike).
     */
    public <T> T optionalBody(JsonObjectReader<T> reader, T absent) {
        byte[] bytes = BodyLimit.read(request, maxBodyBytes);
        if (bytes.length == 0) {
            return absent;
        }
        return reader.read(bytes, MediaTypes.jsonCharset(request.contentType()));
    }
}
