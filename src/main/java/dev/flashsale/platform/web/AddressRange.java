package dev.flashsale.platform.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/** An IP address or a CIDR range of them ({@code 10.0.0.0/8}, {@code fd00::/8}), written as literals. */
public record AddressRange(byte[] network, int prefixBits) {

    /** @throws IllegalArgumentException when the text is not an IP literal with an optional prefix */
    public static AddressRange parse(String text) {
        String[] parts = text.strip().split("/", 2);
        byte[] network = literal(parts[0])
                .orElseThrow(() -> new IllegalArgumentException("Not an IP address or CIDR range: " + text))
                .getAddress();
        int bits = network.length * 8;
        int prefix = bits;
        if (parts.length == 2) {
            try {
                prefix = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("Not a prefix length of 0 to " + bits + ": " + text);
            }
        }
        return new AddressRange(network, prefix);
    }

    /**
     * An IP literal as an address, never through a name lookup: text with anything but hex
     * digits, dots and colons is not one.
     */
    public static Optional<InetAddress> literal(String text) {
        if (text.isEmpty() || text.length() > 45 || !text.chars().allMatch(c -> c == '.' || c == ':'
                || Character.digit(c, 16) >= 0)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException | SecurityException e) {
            return Optional.empty();
        }
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        for (int bit = 0; bit < prefixBits; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((bytes[bit / 8] & mask) != (network[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }
}
