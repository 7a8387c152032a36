package dev.flashsale.reservations.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.entity.ReserveRequest;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReserveRequestReaderTest {

    private final ReserveRequestReader reader = new ReserveRequestReader();

    @Test
    void readsTheThreeFieldsSkippingOthersAndTakingTheLastOfTwins() {
        assertEquals(new ReserveRequest("SKU-1", "buyer-7", new BigDecimal("2")),
                read("{\"sku\":\"SKU-1\",\"buyerId\":\"buyer-7\",\"qty\":2}"));
        assertEquals(new ReserveRequest("SKU-1", "Ölçü 買家", BigDecimal.ONE),
                read("{\"note\":{\"a\":[1,{\"b\":2}]},\"tags\":[[1],{}],\"sku\":\"SKU-0\",\"sku\":\"SKU-1\","
                        + "\"buyerId\":\"\\u00d6l\\u00e7\\u00fc 買家\",\"extra\":null,\"qty\":1}"));
        assertEquals("123", read("{\"sku\":123,\"buyerId\":\"b\",\"qty\":1}").sku());
    }

    @Test
    void aBodyThatIsNotOneObjectOfTheseFieldsIsMalformed() {
        for (String bad : new String[] {"", " ", "[1,2]", "\"text\"", "{\"sku\": ", "{\"sku\":\"S\",\"buyerId\":\"b\",\"qty\":\"one\"}",
                "{\"sku\":\"S\",\"buyerId\":\"b\",\"qty\":1} {}", "{\"sku\":[\"S\"],\"buyerId\":\"b\",\"qty\":1}",
                "{\"sku\":\"S\",\"buyerId\":{},\"qty\":1}", "{\"sku\":\"S\",\"buyerId\":\"b\",\"qty\":true}", "{sku:1}"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> read(bad), bad);
            assertEquals("malformed-request", slug(refused), bad);
        }
    }

    @Test
    void fieldsOfTheWrongValueAreInvalidNotMalformed() {
        ProblemException refused = assertThrows(ProblemException.class, () -> read("{\"sku\":\"S\",\"buyerId\":\"b\",\"qty\":1.5}"));
        assertEquals("invalid-request", slug(refused));
        assertEquals("qty", refused.toProblem().errors().get(0).field());
    }

    @Test
    void readsTheCharsetItIsGiven() {
        byte[] latin1 = "{\"sku\":\"S\",\"buyerId\":\"K\u00e4the\",\"qty\":1}".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("K\u00e4the", reader.read(latin1, StandardCharsets.ISO_8859_1).buyerId());
    }

    private ReserveRequest read(String body) {
        return reader.read(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    private static String slug(ProblemException refused) {
        return refused.toProblem().type().replaceAll(".*/", "");
    }
}
