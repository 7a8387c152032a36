package dev.flashsale.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

class InternalAddressesTest {

    @Test
    void loopbackPrivateLinkLocalUniqueLocalMulticastUnspecifiedAndSharedAreInternal() throws UnknownHostException {
        for (String address : List.of("127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                "169.254.169.254", "100.64.0.1", "100.127.255.255", "0.0.0.0", "0.1.2.3", "224.0.0.1", "239.255.255.250",
                "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.18.0.1", "::1", "::", "fc00::1", "fd12:3456::1",
                "fe80::1", "ff02::1", "2001:db8::1", "64:ff9b::7f00:1", "2002:7f00:1::1", "::127.0.0.1", "2130706433")) {
            assertTrue(InternalAddresses.isInternal(InetAddress.getByName(address)), address);
        }
    }

    @Test
    void anIpv6AddressCarryingAnIpv4OneIsJudgedByIt() throws UnknownHostException {
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        mapped[12] = 127;
        mapped[15] = 1;
        assertTrue(InternalAddresses.isInternal(InetAddress.getByAddress(mapped)), "::ffff:127.0.0.1 kept as IPv6");
        assertTrue(InternalAddresses.isInternal(InetAddress.getByName("::ffff:10.1.2.3")));
        mapped[12] = 93;
        mapped[13] = (byte) 184;
        mapped[14] = (byte) 215;
        mapped[15] = 14;
        assertFalse(InternalAddresses.isInternal(InetAddress.getByAddress(mapped)), "::ffff:93.184.215.14");
        assertFalse(InternalAddresses.isInternal(InetAddress.getByName("2002:5db8:d70e::1")), "6to4 of a public address");
    }

    @Test
    void publicAddressesAreNot() throws UnknownHostException {
        for (String address : List.of("93.184.215.14", "8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.32.0.1",
                "11.0.0.1", "2606:4700:4700::1111", "2a00:1450:4001::1")) {
            assertFalse(InternalAddresses.isInternal(InetAddress.getByName(address)), address);
        }
    }
}
