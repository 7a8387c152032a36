package dev.flashsale.testhooks;

import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** The server's heap in use after full collections, for the tests that show memory stays flat. */
@RequestScoped
@Access(Roles.STOREFRONT)
@Path("test/heap")
@Produces(MediaType.APPLICATION_JSON)
public class HeapHooksResource {

    @POST
    @Path("collect")
    public JsonObject collect() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        // Several collections, the lowest reading: what one leaves to finalisation the next one takes.
        for (int i = 0; i < 3; i++) {
            memory.gc();
            Thread.sleep(200);
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return Json.createObjectBuilder().add("usedBytes", used).build();
    }
}
