package dev.flashsale.room.entity;

import java.util.List;

/**
 * What one round of a room's admission did: the buyers it admitted, and when the first token of
 * an active buyer runs out (epoch ms, Redis' clock; 0: no active buyer), the moment that buyer's
 * place, and its unit if it has not reserved, pass to the next; how many of the admitted (the
 * first ones) were handed a unit a hold gave back, and the admitted tickets with their tokens' expiry.
 */
public record Stepped(long admitted, long nextTokenExpiryMillis, long reoffered, long tokenExpiryMillis,
                      List<AdmittedTicket> tickets) {

    public Stepped {
        tickets = List.copyOf(tickets);
    }

    /** A round that admitted {@code admitted} buyers, not told which. */
    public Stepped(long admitted, long nextTokenExpiryMillis) {
        this(admitted, nextTokenExpiryMillis, 0, 0, List.of());
    }

    /** A ticket admitted, and its buyer as the room knows it ({@code <owner>/<buyerId>}). */
    public record AdmittedTicket(String ticket, String buyer) {
    }
}
