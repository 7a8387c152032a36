package dev.flashsale.gate.entity;

/** Whether the gate is switched on, whether it is in use now, and how often Redis failed since start. */
public record GateStatus(boolean enabled, boolean inUse, long redisFailures) {
}
