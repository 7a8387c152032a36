package dev.flashsale.room.boundary;

import dev.flashsale.platform.rest.JsonObjectReader;
import dev.flashsale.room.entity.TicketRequest;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/** Reads a queue ticket's request, its one field, straight off the JSON stream: the body every buyer of a crowd sends first. */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class TicketRequestReader extends JsonObjectReader<TicketRequest> {

    public TicketRequestReader() {
        super(TicketRequest.class);
    }

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
