package dev.flashsale.webhooks.control;

import dev.flashsale.platform.web.AddressRange;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * The addresses a webhook may not reach unless the operator allows them: everything that is not
 * a public unicast address. IPv4: "this network", private (RFC 1918), shared (CGNAT), loopback,
 * link-local (cloud metadata), the IETF, documentation and benchmark blocks, multicast, reserved
 * and broadcast. IPv6: everything outside global unicast (2000::/3: loopback, unspecified,
 * unique-local, link-local, multicast, ...) and, inside it, the documentation, Teredo and ORCHID
 * blocks; an IPv6 address that carries an IPv4 one (mapped, compatible, NAT64, 6to4) is judged by
 * the IPv4 address it carries, so that {@code ::ffff:127.0.0.1} is loopback.
 */
public final class InternalAddresses {

    private static final List<AddressRange> IPV4 = ranges("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8",
            "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16",
            "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4");
    private static final AddressRange GLOBAL_UNICAST = AddressRange.parse("2000::/3");
    private static final List<AddressRange> IPV6_INSIDE_GLOBAL = ranges("2001::/23", "2001:db8::/32", "2001:10::/28",
            "3fff::/20");
    /**
     * IPv6 forms whose bytes 12 to 15 are an IPv4 address: compatible (deprecated) and NAT64; the
     * mapped form {@code ::ffff:0:0/96} too, tested byte by byte (Java reads its text as IPv4).
     */
    private static final List<AddressRange> CARRYING_IPV4_AT_END = ranges("::/96", "64:ff9b::/96", "64:ff9b:1::/48");
    /** 6to4: bytes 2 to 5 are the IPv4 address. */
    private static final AddressRange SIX_TO_FOUR = AddressRange.parse("2002::/16");

    private InternalAddresses() {
    }

    public static boolean isInternal(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return IPV4.stream().anyMatch(range -> range.contains(address));
        }
        if (isMapped(bytes) || CARRYING_IPV4_AT_END.stream().anyMatch(range -> range.contains(address))) {
            return isInternal(ipv4(Arrays.copyOfRange(bytes, 12, 16)));
        }
        if (SIX_TO_FOUR.contains(address)) {
            return isInternal(ipv4(Arrays.copyOfRange(bytes, 2, 6)));
        }
        return !GLOBAL_UNICAST.contains(address) || IPV6_INSIDE_GLOBAL.stream().anyMatch(range -> range.contains(address));
    }

    private static boolean isMapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
    }

    private static InetAddress ipv4(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static List<AddressRange> ranges(String... ranges) {
        return Arrays.stream(ranges).map(AddressRange::parse).toList();
    }
}
