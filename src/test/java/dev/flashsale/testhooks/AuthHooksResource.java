package dev.flashsale.testhooks;

import dev.flashsale.access.control.StorefrontAuthConfigProvider;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.security.auth.message.config.AuthConfigFactory;
import jakarta.security.auth.message.config.AuthConfigProvider;
import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

/** Which authentication provider the container asks for this application's requests. */
@RequestScoped
@Access(Roles.STOREFRONT)
@Path("test/auth")
@Produces(MediaType.APPLICATION_JSON)
public class AuthHooksResource {

    @Context
    ServletContext context;

    @GET
    public JsonObject provider() {
        AuthConfigProvider provider = AuthConfigFactory.getFactory().getConfigProvider(StorefrontAuthConfigProvider.LAYER,
                context.getVirtualServerName() + " " + context.getContextPath(), null);
        return Json.createObjectBuilder().add("provider", provider == null ? "none" : provider.getClass().getName()).build();
    }
}
