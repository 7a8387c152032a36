package dev.flashsale.platform.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * Every HTTP API of the product lives under /api. Request bodies and parameters are validated
 * once, by Bean Validation's CDI interceptor on the resources (every resource is a CDI bean);
 * Jersey's own pass over the same constraints is switched off, as it only repeated that work on
 * every request. Its OpenAPI document is served at /openapi ({@link ApiDocument}).
 */
@ApplicationPath("api")
@OpenAPIDefinition(
        info = @Info(title = "Flash sale API", version = "1",
                description = "The storefront's reservations (API key) and the merchandisers' admin API (HTTP Basic)."
                        + " Every refusal is an RFC 9457 problem document (application/problem+json) whose type is"
                        + " https://flashsale.dev/problems/<slug>; each answer lists the slugs it may carry."))
@SecurityScheme(securitySchemeName = ApiDocument.STOREFRONT_KEY, type = SecuritySchemeType.APIKEY,
        in = SecuritySchemeIn.HEADER, apiKeyName = "X-Api-Key",
        description = "A storefront API key, issued in the console")
@SecurityScheme(securitySchemeName = ApiDocument.ADMIN_BASIC, type = SecuritySchemeType.HTTP, scheme = "basic",
        description = "A console user: viewers read, merchandisers change sales, administrators also users and keys (docs/roles.md)")
public class RestApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.beanValidation.disable.server", Boolean.TRUE);
    }
}
