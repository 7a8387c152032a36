package dev.flashsale.room.entity;

/**
 * A step of the lottery's draw in Redis ({@code lua/room_draw.lua}): {@link LotteryPlacing#PLACING}
 * with the lottery's first {@code places} places in the queue, or why nothing was placed.
 */
public record DrawProgress(LotteryPlacing placing, long places) {
}
