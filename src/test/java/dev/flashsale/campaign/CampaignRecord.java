package dev.flashsale.campaign;

import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.RoomOp;
import dev.flashsale.testsupport.history.SaleChange;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a run with an anomaly leaves behind, to be read and replayed: its plan (seed and fault
 * schedule), its history (every request with its times and answer) and the checker's report, in
 * a folder named for its seed.
 */
final class CampaignRecord {

    private static final JsonWriterFactory PRETTY = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));

    private CampaignRecord() {
    }

    static Path keep(Path runs, CampaignRun.Result result, boolean toFoil) {
        Path dir = runs.resolve("seed-" + result.plan().seed());
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("plan.json"), pretty(Json.createObjectBuilder(result.plan().json())
                    .add("foil", toFoil).add("clocks", result.skews()).build()));
            Files.writeString(dir.resolve("history.json"), pretty(history(result)));
            Files.writeString(dir.resolve("report.txt"), result.report() + "\n");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the run in " + dir, e);
        }
    }

    /** The plan a kept run's folder holds: its seed, and whether its reserves went to the foil. */
    static JsonObject plan(Path dir) {
        try (var reader = Json.createReader(Files.newBufferedReader(dir.resolve("plan.json")))) {
            return reader.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException("No kept run in " + dir, e);
        }
    }

    static String pretty(JsonObject json) {
        StringWriter out = new StringWriter();
        try (var writer = PRETTY.createWriter(out)) {
            writer.writeObject(json);
        }
        return out.toString();
    }

    private static JsonObject history(CampaignRun.Result result) {
        JsonArrayBuilder ops = Json.createArrayBuilder();
        for (Op op : result.history().ops()) {
            ops.add(nullable(Json.createObjectBuilder().add("id", op.id()).add("kind", op.kind().name())
                    .add("invoked", op.invoked()).add("completed", op.completed()).add("outcome", op.outcome().name())
                    .add("status", op.status()).add("qty", op.qty()), "key", op.key(), "sku", op.sku(),
                    "buyer", op.buyer(), "target", op.target(), "problem", op.problem(), "reservationId", op.reservationId(),
                    "state", op.state(), "deadline", op.deadline()));
        }
        JsonArrayBuilder room = Json.createArrayBuilder();
        for (RoomOp op : result.history().roomOps()) {
            room.add(nullable(Json.createObjectBuilder().add("id", op.id()).add("kind", op.kind().name())
                    .add("invoked", op.invoked()).add("completed", op.completed()).add("outcome", op.outcome().name())
                    .add("status", op.status()), "saleId", op.saleId(), "buyer", op.buyer(), "ticket", op.ticket(),
                    "ticketStatus", op.ticketStatus(), "token", op.token()));
        }
        JsonArrayBuilder changes = Json.createArrayBuilder();
        for (SaleChange change : result.history().changes()) {
            changes.add(Json.createObjectBuilder().add("id", change.id()).add("kind", change.kind().name())
                    .add("saleId", change.saleId()).add("invoked", change.invoked()).add("completed", change.completed())
                    .add("outcome", change.outcome().name()).add("status", change.status()).add("units", change.units()));
        }
        JsonObjectBuilder tokens = Json.createObjectBuilder();
        result.history().tokensOfKeys().forEach(tokens::add);
        return Json.createObjectBuilder().add("sku", result.sales().sku()).add("roomSku", result.sales().roomSku())
                .add("ops", ops).add("roomOps", room).add("changes", changes).add("tokensOfKeys", tokens).build();
    }

    /** The builder with each name and value of {@code pairs} whose value is not null. */
    private static JsonObjectBuilder nullable(JsonObjectBuilder builder, String... pairs) {
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                builder.add(pairs[i], pairs[i + 1]);
            }
        }
        return builder;
    }
}
