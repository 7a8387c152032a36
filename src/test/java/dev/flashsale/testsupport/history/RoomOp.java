package dev.flashsale.testsupport.history;

/**
 * One request to a sale's waiting room, as the client saw it: a ticket taken, polled or left.
 *
 * @param ticket       the ticket the answer named (TAKE) or the request named (POLL, LEAVE); null when unknown
 * @param ticketStatus the ticket's status in the answer (WAITING, ADMITTED, EXPIRED ...); null without one
 * @param token        the admission token the answer carried; null without one
 */
public record RoomOp(long id, Kind kind, String saleId, String buyer, String ticket, long invoked, long completed,
                     Op.Outcome outcome, int status, String ticketStatus, String token) {

    public enum Kind { TAKE, POLL, LEAVE }
}
