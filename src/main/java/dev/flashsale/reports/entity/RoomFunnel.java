package dev.flashsale.reports.entity;

import dev.flashsale.room.entity.RoomFigures;

/**
 * What a sale's waiting room did: tickets taken, buyers admitted, buyers who left, tickets that
 * expired (missed polls, or a token that ran out unused) and tickets revoked, and how long the
 * admitted waited from their ticket (or the opening second, for a ticket of the pre-queue) to
 * their admission: at most the given seconds for half of them, nine in ten and 99 in 100 (null:
 * none admitted). {@code live} false: Redis did not answer, and the figures are as last recorded,
 * a lower bound.
 */
public record RoomFunnel(long tickets, long admitted, long left, long expired, long revoked, Long waitP50Seconds,
                         Long waitP90Seconds, Long waitP99Seconds, boolean live) {

    public static RoomFunnel of(RoomFigures.Counted counted) {
        RoomFigures figures = counted.figures();
        return new RoomFunnel(figures.tickets(), figures.admitted(), figures.left(), figures.expired(), figures.revoked(),
                figures.waitSeconds(0.5), figures.waitSeconds(0.9), figures.waitSeconds(0.99), counted.live());
    }
}
