package dev.flashsale.room.boundary;

import dev.flashsale.room.control.WrittenAnswer;

/** A ticket's answer to the buyer who took it, written, and whether this request took it (else the buyer's own from before). */
public record TakenTicket(WrittenAnswer answer, boolean created) {
}
