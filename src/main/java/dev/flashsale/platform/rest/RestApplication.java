package dev.flashsale.platform.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/**
 * Every HTTP API of the product lives under /api. Request bodies and parameters are validated
 * once, by Bean Validation's CDI interceptor on the resources (every resource is a CDI bean);
 * Jersey's own pass over the same constraints is switched off, as it only repeated that work on
 * every request.
 */
@ApplicationPath("api")
public class RestApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.beanValidation.disable.server", Boolean.TRUE);
    }
}
