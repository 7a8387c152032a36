package dev.flashsale.room.entity;

/** A ticket's answer to the buyer who took it, and whether this request took it (else the buyer's own from before). */
public record TakenTicket(QueueAnswer answer, boolean created) {
}
