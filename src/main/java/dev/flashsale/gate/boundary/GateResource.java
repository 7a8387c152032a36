package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.gate.entity.GateStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The state of the Redis gate on this node (role merchandiser). */
@ApplicationScoped
@Path("admin/gate")
@Produces(MediaType.APPLICATION_JSON)
public class GateResource {

    @Inject
    RedisGate gate;

    @Inject
    GateHealth health;

    @GET
    public GateStatus status() {
        return new GateStatus(gate.enabled(), gate.inUse(), health.failures());
    }
}
