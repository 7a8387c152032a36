package dev.flashsale.room.control;

import dev.flashsale.room.entity.QueueAnswer;

/**
 * A ticket's answer and the JSON it is sent as, written once ({@link QueueAnswerJson}): a poll
 * answered again from the node's memory ({@link RecentPolls}) is sent the same bytes. Many
 * answers share the array: it is never changed.
 */
public record WrittenAnswer(QueueAnswer answer, byte[] json) {

    public static WrittenAnswer of(QueueAnswer answer) {
        return new WrittenAnswer(answer, QueueAnswerJson.bytes(answer));
    }
}
