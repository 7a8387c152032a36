package dev.flashsale.platform.sql;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import jakarta.persistence.Tuple;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;

/** Typed reads from the rows of native queries, whatever Java type the driver chose. */
public final class Rows {

    private Rows() {
    }

    public static String text(Tuple row, String column) {
        Object value = row.get(column);
        return value == null ? null : value.toString();
    }

    /** A reservation row's idempotency key (columns owner and idempotency_key), in its owner's space. */
    public static IdempotencyKey idempotencyKey(Tuple row) {
        return new IdempotencyKey(new KeyOwner(uuid(row, "owner")), text(row, "idempotency_key"));
    }

    public static int integer(Tuple row, String column) {
        return ((Number) row.get(column)).intValue();
    }

    /** An integer column that may be NULL. */
    public static Integer optionalInteger(Tuple row, String column) {
        Object value = row.get(column);
        return value == null ? null : ((Number) value).intValue();
    }

    public static long number(Tuple row, String column) {
        Object value = row.get(column);
        return value == null ? 0 : ((Number) value).longValue();
    }

    public static UUID uuid(Tuple row, String column) {
        Object value = row.get(column);
        return value instanceof UUID id ? id : UUID.fromString(value.toString());
    }

    public static Instant instant(Tuple row, String column) {
        Object value = row.get(column);
        if (value == null) {
            return null;
        } else if (value instanceof Instant instant) {
            return instant;
        } else if (value instanceof OffsetDateTime time) {
            return time.toInstant();
        } else if (value instanceof Timestamp timestamp) {
            return timestamp.toInstant();
        }
        throw new IllegalStateException("Column " + column + " is not a timestamp: " + value.getClass());
    }
}
