package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;

/**
 * One bucket's part of a call to the shared buckets: the bucket (limit, id), the tokens, how
 * they are used, and for a lease the tokens of the node's last lease given back first.
 */
public record BucketCall(Limit limit, String id, int tokens, TokenUse use, int givenBack) {
}
