/**
 * The Redis gate in front of PostgreSQL: a counter and a sold-out flag per SKU and a hold marker
 * per idempotency key, changed only by the scripts in lua/. It only says "you may try
 * PostgreSQL"; when Redis fails, sales go on on PostgreSQL alone. Counters are always built
 * from PostgreSQL.
 *
 * <p>Other components use the boundary: {@code RedisGate} on the reserve path,
 * {@code GateCounters} to build, read and correct counters. The gate depends on stock, sales and
 * audit, never on reservations: it reads the live holds' deadlines with its own statement, and
 * the events the reservations fire for it ({@code HoldConfirmed}, {@code UnitsReturned},
 * {@code UnitsRetaken}) are its entities (the waiting room listens to them too). Every Redis call goes through
 * {@code control.RedisCalls}, which reports a failure to {@code GateHealth}.
 */
package dev.flashsale.gate;
