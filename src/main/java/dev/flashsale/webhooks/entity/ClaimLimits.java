package dev.flashsale.webhooks.entity;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What one claim of due deliveries may take, from what a node's senders have in flight: none of
 * a {@code busy} webhook; of a webhook in {@code allowances}, that many; of any other, one; and of
 * the {@code slow} webhooks all together, {@code slowMost}, in their turn (the list's order).
 */
public record ClaimLimits(Set<UUID> busy, Map<UUID, Integer> allowances, List<UUID> slow, int slowMost) {

    public ClaimLimits {
        allowances = Map.copyOf(allowances);
        slow = List.copyOf(slow);
    }
}
