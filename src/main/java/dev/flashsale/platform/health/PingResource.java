package dev.flashsale.platform.health;

import dev.flashsale.platform.security.Access;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The cheapest answer the HTTP stack can give: no transaction, no database. Load balancers
 * use it for liveness, and the benchmark uses it as the HTTP ceiling of this server.
 */
@ApplicationScoped
@Tag(name = "Health")
@Access(Access.PUBLIC)
@Path("ping")
public class PingResource {

    @Operation(summary = "The cheapest answer: no database, no credentials")
    @APIResponse(responseCode = "200", description = "pong",
            content = @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING)))
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String ping() {
        return "pong";
    }
}
