package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.id.KeyOwner;
import java.nio.charset.Charset;
import java.util.List;
import java.util.UUID;

/**
 * A storefront request as its route sees it: the path's parameters by name, its headers, its
 * JSON body (read once, bounded), where it was sent, and the owner of the API key that called.
 */
public final class Call {

    private final Exchange request;
    private final List<String> names;
    private final String[] values;
    private final UUID[] ids;
    private final KeyOwner owner;
    private final int maxBodyBytes;

    /**
     * @param values the path parameters' values, in the order of {@code names}
     * @param ids    the UUIDs of the parameters that are ids, the route's ({@code {name:what}}), converted
     *               (and refused when none) before the call is made; null for the others
     */
    public Call(Exchange request, List<String> names, String[] values, UUID[] ids, KeyOwner owner, int maxBodyBytes) {
        this.request = request;
        this.names = names;
        this.values = values;
        this.ids = ids;
        this.owner = owner;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The path parameter of this name, as sent (decoded). */
    public String param(String name) {
        return values[indexOf(name)];
    }

    /** The path parameter of this name, an id of the route's ({@code {name:what}}), as the UUID it names. */
    public UUID id(String name) {
        UUID id = ids[indexOf(name)];
        if (id == null) {
            throw new IllegalArgumentException("The route's parameter " + name + " is no id");
        }
        return id;
    }

    private int indexOf(String name) {
        int index = names.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("The route has no parameter " + name);
        }
        return index;
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
