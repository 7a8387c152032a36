package dev.flashsale.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Whose address a request is counted under: the peer's, unless a trusted proxy forwarded it. */
class ClientAddressTest {

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() {
        assertEquals("192.0.2.9", addresses("").of(request("192.0.2.9", "198.51.100.1")));
    }

    @Test
    void anUntrustedPeerCannotChooseItsAddress() {
        assertEquals("192.0.2.9", addresses("10.0.0.0/8").of(request("192.0.2.9", "198.51.100.1")));
    }

    @Test
    void theHeaderIsReadFromTheRightPastEveryTrustedProxy() {
        ClientAddress addresses = addresses("10.0.0.0/8, 192.0.2.7");
        assertEquals("198.51.100.1", addresses.of(request("10.1.2.3", "203.0.113.5, 198.51.100.1, 192.0.2.7")),
                "what the client itself wrote on the left is not believed");
        assertEquals("198.51.100.1", addresses.of(request("10.1.2.3", "198.51.100.1")));
        assertEquals("10.1.2.3", addresses.of(request("10.1.2.3", (String) null)), "no header: the proxy's own address");
        assertEquals("10.9.9.9", addresses.of(request("10.1.2.3", "10.9.9.9")), "only proxies: the farthest");
        assertEquals("10.1.2.3", addresses.of(request("10.1.2.3", "unknown")), "not an address: the peer");
        assertEquals("198.51.100.1", addresses.of(request("10.1.2.3", "evil.example, 198.51.100.1")));
    }

    /**
     * Two header lines are one list, the second line's hops after the first's: a client that
     * sends its own line through a trusted proxy, which adds another, chooses nothing.
     */
    @Test
    void everyLineOfTheHeaderIsRead() {
        ClientAddress addresses = addresses("127.0.0.1");
        assertEquals("198.51.100.1", addresses.of(request("127.0.0.1", "203.0.113.5", "198.51.100.1")),
                "the forged line first, the proxy's line last: the proxy's");
        assertEquals("198.51.100.1", addresses.of(request("127.0.0.1", "203.0.113.5, 203.0.113.6", "198.51.100.1")));
        assertEquals("198.51.100.1", addresses.of(request("127.0.0.1", "203.0.113.5", "198.51.100.1, 127.0.0.1")));
    }

    @Test
    void ipv6RangesAndBadSettings() {
        assertEquals("2001:db8:0:0:0:0:0:1", addresses("fd00::/8").of(request("fd12::1", "2001:db8::1")));
        assertThrows(IllegalArgumentException.class, () -> addresses("proxy.example"));
        assertThrows(IllegalArgumentException.class, () -> addresses("10.0.0.0/33"));
    }

    private static ClientAddress addresses(String trusted) {
        ClientAddress addresses = new ClientAddress();
        addresses.trustedProxies = Optional.of(trusted);
        addresses.read();
        return addresses;
    }

    /** A request from {@code peer} with these X-Forwarded-For lines (a null line: no header). */
    private static HttpServletRequest request(String peer, String... forwardedFor) {
        List<String> lines = forwardedFor.length == 1 && forwardedFor[0] == null ? List.of() : List.of(forwardedFor);
        return (HttpServletRequest) Proxy.newProxyInstance(HttpServletRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getRemoteAddr" -> peer;
                    case "getHeader" -> "X-Forwarded-For".equalsIgnoreCase((String) args[0]) && !lines.isEmpty() ? lines.get(0) : null;
                    case "getHeaders" -> Collections.enumeration("X-Forwarded-For".equalsIgnoreCase((String) args[0]) ? lines : List.of());
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
