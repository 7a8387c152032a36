package dev.flashsale.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The waiting room's two storefront answers under load: taking queue tickets (each for a new
 * buyer, bench/room_tickets.lua) and polling them (bench/room_polls.lua, over tickets taken
 * before), on a sale whose room has opened and admits {@link #ADMISSION_PER_SECOND} buyers a
 * second, so that polls answer both waiting and admitted tickets.
 */
final class RoomQueue {

    static final int POLLED_TICKETS = 2_000;
    static final int ADMISSION_PER_SECOND = 100;
    private static final int UNITS = 1_000_000;

    private final FlashSaleClient client;
    private final Wrk wrk;
    private final URI base;

    RoomQueue(FlashSaleClient client, Wrk wrk, URI base) {
        this.client = client;
        this.wrk = wrk;
        this.base = base;
    }

    /** A sale of {@code sku} whose room opened a moment ago, with {@link #POLLED_TICKETS} tickets written to {@code ticketsFile}. */
    String prepare(String sku, Path ticketsFile) {
        String sale = client.openRoomSale(sku, UNITS, Instant.now().plusSeconds(1), ADMISSION_PER_SECOND);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < POLLED_TICKETS; i++) {
            tickets.add(client.takeTicket(sale, "polled-" + i));
        }
        try {
            Files.createDirectories(ticketsFile.toAbsolutePath().getParent());
            Files.write(ticketsFile, tickets);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + ticketsFile, e);
        }
        return sale;
    }

    WrkSummary tickets(String sale, int concurrency, int seconds, String run) {
        return wrk.forSeconds("room_tickets.lua", base, concurrency, seconds, sale, client.storefrontKey(), run);
    }

    WrkSummary polls(String sale, Path ticketsFile, int concurrency, int seconds) {
        return wrk.forSeconds("room_polls.lua", base, concurrency, seconds, sale, client.storefrontKey(),
                ticketsFile.toAbsolutePath().toString());
    }
}
