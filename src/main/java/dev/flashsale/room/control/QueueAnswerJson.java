package dev.flashsale.room.control;

import dev.flashsale.platform.JsonText;
import dev.flashsale.room.entity.QueueAnswer;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;

/**
 * A {@link QueueAnswer} in JSON, written as the JSON binding would write it
 * (the properties in the record's {@code @JsonbPropertyOrder}, nulls left out, instants in ISO-8601),
 * without the binding's reflection: a crowd's polls are most of what a room answers.
 */
public final class QueueAnswerJson {

    private QueueAnswerJson() {
    }

    public static byte[] bytes(QueueAnswer answer) {
        StringBuilder json = new StringBuilder(answer.token() == null ? 160 : 400);
        json.append('{');
        text(json, "ticket", answer.ticket());
        text(json, "status", answer.status() == null ? null : answer.status().name());
        number(json, "position", answer.position());
        number(json, "queueLength", answer.queueLength());
        number(json, "estimatedWaitSeconds", answer.estimatedWaitSeconds());
        number(json, "pollAfterSeconds", (long) answer.pollAfterSeconds());
        text(json, "reason", answer.reason() == null ? null : answer.reason().name());
        text(json, "token", answer.token());
        text(json, "tokenExpiresAt", answer.tokenExpiresAt() == null ? null : DateTimeFormatter.ISO_INSTANT.format(answer.tokenExpiresAt()));
        return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void number(StringBuilder json, String name, Long value) {
        if (value != null) {
            name(json, name).append(value.longValue());
        }
    }

    private static void text(StringBuilder json, String name, String value) {
        if (value != null) {
            JsonText.quoted(name(json, name), value);
        }
    }

    private static StringBuilder name(StringBuilder json, String name) {
        if (json.length() > 1) {
            json.append(',');
        }
        return json.append('"').append(name).append("\":");
    }
}
