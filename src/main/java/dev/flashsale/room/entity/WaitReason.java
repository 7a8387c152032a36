package dev.flashsale.room.entity;

/** Why a waiting ticket is not admitted yet, beyond its place in line. */
public enum WaitReason {
    /** The pre-queue waits for the lottery at the opening second. */
    LOTTERY_PENDING,
    /** A merchandiser paused admission. */
    PAUSED,
    /** No unit is free for one more buyer; holds still out may come back. */
    NO_UNITS_FREE,
    /** The most buyers the room lets be active at once are in. */
    ROOM_FULL
}
