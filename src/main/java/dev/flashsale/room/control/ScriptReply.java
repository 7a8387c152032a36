package dev.flashsale.room.control;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A table a room script answered, as Jedis reads it (integers as {@code Long}, strings as
 * {@code byte[]}, tables as lists), read element by element, and a script's lone integer code:
 * anything outside what the script documents fails loudly, naming the script and the reply.
 * {@link RoomReplies} reads each script's answers through it.
 */
record ScriptReply(String script, List<?> values) {

    static ScriptReply of(String script, Object reply) {
        if (reply instanceof List<?> list && !list.isEmpty()) {
            return new ScriptReply(script, list);
        }
        throw undocumented(script, reply);
    }

    /** The value a script's lone integer answer stands for, by {@code answers}. */
    static <T> T coded(String script, Object reply, Map<Integer, T> answers) {
        T answer = answers.get(code(script, reply));
        if (answer == null) {
            throw undocumented(script, reply);
        }
        return answer;
    }

    /** A script's lone integer answer; a code out of int's range is as undocumented as any other. */
    static int code(String script, Object reply) {
        if (reply instanceof Long code && code == code.intValue()) {
            return code.intValue();
        }
        throw undocumented(script, reply);
    }

    static IllegalStateException undocumented(String script, Object reply) {
        return new IllegalStateException("lua/" + script + ".lua answered " + readable(reply) + ", which it does not document");
    }

    private static String readable(Object reply) {
        if (reply instanceof byte[] bytes) {
            return '"' + new String(bytes, StandardCharsets.UTF_8) + '"';
        }
        if (reply instanceof List<?> list) {
            return list.stream().map(ScriptReply::readable).toList().toString();
        }
        return String.valueOf(reply);
    }

    /** The answer from element {@code index} on, as a table of its own. */
    List<?> from(int index) {
        return values.subList(Math.min(index, values.size()), values.size());
    }

    /** An integer; Lua answers some as strings (a hash field read back, such as a time in ms). */
    long number(int index) {
        Object value = element(index);
        if (value instanceof Long number) {
            return number;
        }
        try {
            return Long.parseLong(text(index));
        } catch (NumberFormatException notANumber) {
            throw undocumented();
        }
    }

    String text(int index) {
        Object value = element(index);
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (value instanceof String || value instanceof Long) {
            return value.toString();
        }
        throw undocumented();
    }

    IllegalStateException undocumented() {
        return undocumented(script, values);
    }

    private Object element(int index) {
        if (index >= values.size()) {
            throw undocumented();
        }
        return values.get(index);
    }
}
