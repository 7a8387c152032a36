package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.reservations.entity.ReserveRequest;
import jakarta.json.stream.JsonParser;
import java.math.BigDecimal;

/** Reads the reserve request's three fields straight off the JSON stream: the body every buyer of a rush sends. */
final class ReserveRequestReader extends JsonObjectReader<ReserveRequest> {

    @Override
    protected Fields<ReserveRequest> fields() {
        return new Fields<>() {
            private String sku;
            private String buyerId;
            private BigDecimal qty;

            @Override
            public void read(String name, JsonParser json, JsonParser.Event value) {
                switch (name) {
                    case "sku" -> sku = text(json, value);
                    case "buyerId" -> buyerId = text(json, value);
                    case "qty" -> qty = number(json, value);
                    default -> skip(json, value);
                }
            }

            @Override
            public ReserveRequest build() {
                return new ReserveRequest(sku, buyerId, qty);
            }
        };
    }
}
