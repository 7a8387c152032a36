package dev.flashsale.platform.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Every HTTP API of the product lives under /api. */
@ApplicationPath("api")
public class RestApplication extends Application {
}
