package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.reservations.entity.ExtensionRequest;
import jakarta.json.stream.JsonParser;
import java.math.BigDecimal;

/** Reads an extension's one field, {@code seconds}, straight off the JSON stream. */
final class ExtensionRequestReader extends JsonObjectReader<ExtensionRequest> {

    @Override
    protected Fields<ExtensionRequest> fields() {
        return new Fields<>() {
            private BigDecimal seconds;

            @Override
            public void read(String name, JsonParser json, JsonParser.Event value) {
                if (name.equals("seconds")) {
                    seconds = number(json, value);
                } else {
                    skip(json, value);
                }
            }

            @Override
            public ExtensionRequest build() {
                return new ExtensionRequest(seconds);
            }
        };
    }
}
