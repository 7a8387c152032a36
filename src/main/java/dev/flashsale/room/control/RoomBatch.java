package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/** A room's group of tickets and polls in one Redis call ({@code lua/room_batch.lua}), for {@link RoomCalls}. */
@ApplicationScoped
class RoomBatch {

    private static final Logger LOG = Logger.getLogger(RoomBatch.class.getName());

    @Inject
    RoomRedis redis;

    @Inject
    RoomStock stock;

    @Inject
    RoomMetrics metrics;

    @Inject
    RoomSteps steps;

    @Inject
    AdmissionEvents admissions;

    /** One Redis call for the group: the room's housekeeping and admission, then each call. */
    RoomRedis.Batched carry(SaleId saleId, List<RoomCall<?>> group) {
        List<String> args = stock.of(saleId).arguments();
        group.forEach(call -> args.addAll(call.arguments()));
        RoomRedis.Batched batched = redis.batch(saleId, args, group.size());
        metrics.carried(group.size());
        steps.tokenRunsOut(saleId, batched.stepped().nextTokenExpiryMillis());
        return batched;
    }

    /** Tells of the buyers the call admitted; what fails there is the events' own, not the answers'. */
    void admitted(SaleId saleId, Stepped stepped) {
        try {
            admissions.admitted(saleId, stepped);
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "The admissions of sale " + saleId + " were not told", failed);
        }
    }
}
