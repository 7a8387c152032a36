package dev.flashsale.platform.web;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The address a request comes from, as rate limits count it: the socket's peer, or, when that
 * peer is one of {@code flashsale.http.trusted-proxies} (addresses or CIDR ranges), the address
 * that proxy names in X-Forwarded-For: the header is read from the right, past every trusted
 * proxy, and the first address that is not one is the client (every line of the header, as one
 * list). A peer that is not trusted cannot choose its address by sending the header.
 */
@ApplicationScoped
public class ClientAddress {

    private static final Logger LOG = Logger.getLogger(ClientAddress.class.getName());
    /** Of a longer X-Forwarded-For, only the end is read (the hops nearest this server). */
    private static final int MAX_HEADER_CHARS = 1_024;
    public static final String FORWARDED_FOR = "X-Forwarded-For";

    @Inject
    @ConfigProperty(name = "flashsale.http.trusted-proxies")
    Optional<String> trustedProxies;

    private List<AddressRange> trusted;

    @PostConstruct
    void read() {
        trusted = Arrays.stream(trustedProxies.orElse("").split(",")).map(String::strip).filter(entry -> !entry.isEmpty())
                .map(AddressRange::parse).toList();
        LOG.info(() -> trusted.isEmpty() ? "No trusted proxies: client addresses are the sockets' peers"
                : "X-Forwarded-For is read from the trusted proxies " + trustedProxies.orElse("").strip());
    }

    public String of(HttpServletRequest request) {
        return of(request.getRemoteAddr(), () -> Collections.list(request.getHeaders(FORWARDED_FOR)));
    }

    /** The client's address, from the socket's peer and, read only when the peer is trusted, X-Forwarded-For's lines. */
    public String of(String peer, Supplier<List<String>> forwardedFor) {
        if (trusted.isEmpty() || !isTrusted(AddressRange.literal(peer))) {
            return peer;
        }
        // Every line of the header, in order: two lines are one list (RFC 9110), the later line's
        // hops after the earlier's; reading the first line alone would believe what a client sent.
        String forwarded = String.join(",", forwardedFor.get());
        if (forwarded.isEmpty()) {
            return peer;
        }
        String end = forwarded.length() > MAX_HEADER_CHARS ? forwarded.substring(forwarded.length() - MAX_HEADER_CHARS)
                : forwarded;
        String[] hops = end.split(",");
        String client = peer;
        for (int i = hops.length - 1; i >= 0; i--) {
            Optional<InetAddress> hop = AddressRange.literal(hops[i].strip());
            if (hop.isEmpty()) {
                // Not an address (or cut off by the length bound): the last hop read stands.
                break;
            }
            client = hop.get().getHostAddress();
            if (!isTrusted(hop)) {
                break;
            }
        }
        return client;
    }

    private boolean isTrusted(Optional<InetAddress> address) {
        return address.isPresent() && trusted.stream().anyMatch(range -> range.contains(address.get()));
    }
}
