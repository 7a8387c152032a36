package dev.flashsale.access.boundary;

import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.access.entity.IssuedApiKey;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.access.entity.NewApiKey;
import dev.flashsale.platform.rest.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** Users and storefront API keys over the admin API. */
@ApplicationScoped
@Path("admin")
@Produces(MediaType.APPLICATION_JSON)
public class AccessResource {

    @Inject
    AccountAdmin accounts;

    @Inject
    StorefrontKeys keys;

    @GET
    @Path("users")
    public List<Account> users() {
        return accounts.list();
    }

    @POST
    @Path("users")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response addUser(@Valid @NotNull NewAccount body) {
        return Response.status(Response.Status.CREATED).entity(accounts.add(body)).build();
    }

    @GET
    @Path("api-keys")
    public List<ApiKey> apiKeys() {
        return keys.list();
    }

    @POST
    @Path("api-keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response issueApiKey(@Valid @NotNull NewApiKey body) {
        IssuedApiKey issued = keys.issue(body.name());
        return Response.status(Response.Status.CREATED).entity(issued).build();
    }

    @POST
    @Path("api-keys/{id}/revoke")
    public Response revokeApiKey(@PathParam("id") String id) {
        keys.revoke(Ids.parse(id, "api-key"));
        return Response.noContent().build();
    }
}
