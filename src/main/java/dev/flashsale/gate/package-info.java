/**
 * The Redis gate in front of PostgreSQL: a counter and a sold-out flag per SKU and a hold marker
 * per idempotency key, changed only by the scripts in lua/. It only says "you may try
 * PostgreSQL"; when Redis fails, sales go on on PostgreSQL alone. Counters are always built
 * from PostgreSQL.
 */
package dev.flashsale.gate;
