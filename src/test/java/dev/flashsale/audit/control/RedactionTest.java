package dev.flashsale.audit.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void aUrlKeepsSchemeHostPortAndPathAndLosesUserInfoQueryValuesAndFragment() {
        assertEquals("url=https://shop.example:8443/hooks/in?token=…&v=…, events=[sale.sold_out]",
                Redaction.of("url=https://user:pass@shop.example:8443/hooks/in?token=s3cr3t&v=2#frag, events=[sale.sold_out]"));
        assertEquals("url=HTTP://[::1]:80/?…", Redaction.of("url=HTTP://u@[::1]:80/?s3cr3t"));
        assertEquals("url=http://shop.example", Redaction.of("url=http://shop.example"));
    }

    @Test
    void secretsKeysAndNamedValuesAreHidden() {
        assertEquals("secret whsec_…", Redaction.of("secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
        assertEquals("name=kiosk, prefix=fsk_abcdefgh", Redaction.of("name=kiosk, prefix=fsk_abcdefgh"));
        assertEquals("key fsk_abcdefgh…", Redaction.of("key fsk_abcdefghijklmnopqrstuvwxyz0123"));
        assertEquals("password=…, role=viewer, token: …", Redaction.of("password=Hunter2!x, role=viewer, token: abc"));
        assertEquals("status OPEN", Redaction.of("status OPEN"));
        assertEquals("", Redaction.of(""));
    }
}
