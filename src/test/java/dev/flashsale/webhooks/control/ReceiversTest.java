package dev.flashsale.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.webhooks.entity.ClaimLimits;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReceiversTest {

    private static final long SECOND = 1_000_000_000L;
    private static final int SHARE = 4;

    private final Receivers receivers = new Receivers(SHARE, SECOND);
    private long deliveries;

    @Test
    void aNewReceiverHasOneDeliveryInFlightAndOneMoreForEachQuickAnswerInARowUpToTheShare() {
        UUID hook = UUID.randomUUID();
        assertEquals(Map.of(), receivers.limits(0).allowances(), "nothing seen: one, the claim's own default");
        ClaimedDelivery first = send(hook, 0);
        assertEquals(Set.of(hook), receivers.limits(0).busy(), "new: one at a time");
        answer(first, SECOND / 10);
        assertEquals(Map.of(hook, 2), receivers.limits(SECOND / 10).allowances(), "one quick answer: two");
        for (int answered = 2; answered <= SHARE + 1; answered++) {
            answer(send(hook, SECOND / 5), SECOND / 5);
            assertEquals(Map.of(hook, Math.min(SHARE, answered + 1)), receivers.limits(SECOND / 5).allowances(),
                    answered + " quick answers in a row");
        }
        ClaimedDelivery slowOne = send(hook, SECOND);
        assertEquals(Map.of(hook, SHARE - 1), receivers.limits(SECOND).allowances(), "one of its share in flight");
        List<ClaimedDelivery> others = new ArrayList<>();
        for (int i = 1; i < SHARE; i++) {
            others.add(send(hook, SECOND));
        }
        assertEquals(Set.of(hook), receivers.limits(SECOND).busy(), "its share in flight");
        assertEquals(Map.of(), receivers.limits(SECOND).allowances());
        others.forEach(quick -> answer(quick, SECOND + 1));
        answer(slowOne, 3 * SECOND);
        assertEquals(List.of(hook), receivers.limits(3 * SECOND).slow(), "one slow answer, nothing in flight: slow, whatever came before");
    }

    @Test
    void aReceiverIsSlowOnceADeliveryHasBeenInFlightLongAndStartsAgainFromOneAfterAQuickAnswer() {
        UUID hook = UUID.randomUUID();
        ClaimedDelivery first = send(hook, 0);
        assertEquals(List.of(), receivers.limits(SECOND - 1).slow(), "in flight under a second");
        assertEquals(List.of(hook), receivers.limits(SECOND).slow(), "in flight for a second");
        answer(first, 3 * SECOND);
        ClaimLimits idle = receivers.limits(3 * SECOND);
        assertEquals(List.of(hook), idle.slow(), "its last answer took three seconds");
        assertEquals(Set.of(), idle.busy(), "slow, nothing in flight: it may take a turn");
        ClaimedDelivery second = send(hook, 3 * SECOND);
        assertEquals(Set.of(hook), receivers.limits(3 * SECOND).busy(), "slow: one at a time");
        answer(second, 3 * SECOND + 1);
        ClaimLimits limits = receivers.limits(3 * SECOND + 1);
        assertEquals(List.of(), limits.slow(), "a quick answer");
        assertEquals(Map.of(hook, 2), limits.allowances(), "and from one again: two");
    }

    @Test
    void slowReceiversTogetherHaveTheShareAndTakeTurns() {
        UUID[] hooks = new UUID[6];
        for (int i = 0; i < hooks.length; i++) {
            hooks[i] = UUID.randomUUID();
            answer(send(hooks[i], i), 2 * SECOND + i);
        }
        ClaimLimits none = receivers.limits(3 * SECOND);
        assertEquals(List.of(hooks), none.slow(), "all six slow, in the order they last began a delivery");
        assertEquals(SHARE, none.slowMost(), "none in flight: a share's worth may go out");
        send(hooks[1], 3 * SECOND);
        send(hooks[4], 3 * SECOND + 1);
        ClaimLimits two = receivers.limits(3 * SECOND + 1);
        assertEquals(List.of(hooks[0], hooks[2], hooks[3], hooks[5], hooks[1], hooks[4]), two.slow(), "the ones just served go last");
        assertEquals(SHARE - 2, two.slowMost());
        assertEquals(Set.of(hooks[1], hooks[4]), two.busy(), "those with one in flight");
        send(hooks[0], 3 * SECOND + 2);
        send(hooks[2], 3 * SECOND + 2);
        ClaimLimits full = receivers.limits(3 * SECOND + 2);
        assertEquals(0, full.slowMost());
        assertEquals(Set.of(hooks), full.busy(), "every slow receiver skipped, with a delivery in flight or not");
    }

    @Test
    void aPromptReceiverIsForgottenAfterTenMinutesWithNothingInFlightAndASlowOneAfterADay() {
        UUID prompt = UUID.randomUUID();
        UUID slow = UUID.randomUUID();
        answer(send(prompt, 0), SECOND / 10);
        answer(send(slow, 0), 2 * SECOND);
        assertEquals(Map.of(prompt, 2), receivers.limits(600 * SECOND).allowances());
        assertEquals(Map.of(), receivers.limits(601 * SECOND).allowances(), "the prompt one forgotten, new again");
        assertEquals(List.of(slow), receivers.limits(3600 * SECOND).slow(), "the slow one kept past an hour between retries");
        assertEquals(List.of(), receivers.limits(24 * 3600 * SECOND + 2 * SECOND).slow(), "and forgotten after a day");
    }

    @Test
    void aDeliveryClaimedAgainWhileItsFirstAttemptRunsCountsTwice() {
        UUID hook = UUID.randomUUID();
        UUID id = UUID.randomUUID();
        receivers.began(new ClaimedDelivery(id, hook, 1, "msg", "{}", "https://example.com", "whsec_x"), 0);
        receivers.began(new ClaimedDelivery(id, hook, 2, "msg", "{}", "https://example.com", "whsec_x"), 0);
        assertEquals(List.of(hook), receivers.limits(SECOND).slow());
        assertEquals(SHARE - 2, receivers.limits(SECOND).slowMost(), "two in flight");
    }

    private ClaimedDelivery send(UUID hook, long now) {
        ClaimedDelivery delivery = new ClaimedDelivery(new UUID(0, ++deliveries), hook, 1, "msg", "{}", "https://example.com", "whsec_x");
        receivers.began(delivery, now);
        return delivery;
    }

    private void answer(ClaimedDelivery delivery, long now) {
        receivers.answered(delivery, now);
        receivers.ended(delivery, now);
    }
}
