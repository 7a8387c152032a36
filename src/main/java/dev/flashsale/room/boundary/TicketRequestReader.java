package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.room.entity.TicketRequest;
import jakarta.json.stream.JsonParser;

/** Reads a queue ticket's request, its one field, straight off the JSON stream: the body every buyer of a crowd sends first. */
final class TicketRequestReader extends JsonObjectReader<TicketRequest> {

    @Override
    protected Fields<TicketRequest> fields() {
        return new Fields<>() {
            private String buyerId;

            @Override
            public void read(String name, JsonParser json, JsonParser.Event value) {
                if ("buyerId".equals(name)) {
                    buyerId = text(json, value);
                } else {
                    skip(json, value);
                }
            }

            @Override
            public TicketRequest build() {
                return new TicketRequest(buyerId);
            }
        };
    }
}
