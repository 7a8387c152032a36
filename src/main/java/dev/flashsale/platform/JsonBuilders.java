package dev.flashsale.platform;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObjectBuilder;
import java.util.Map;

/**
 * JSON-P's object and array builders, from one factory made once. {@code Json.createObjectBuilder()}
 * looks its provider up through the {@code ServiceLoader} on every call, a walk of the web
 * module's class path: profiled under a waiting room's crowd, that walk was the largest single
 * cost of writing its admissions' webhook events, and every hold's event paid it too.
 */
public final class JsonBuilders {

    private static final JsonBuilderFactory FACTORY = Json.createBuilderFactory(Map.of());

    private JsonBuilders() {
    }

    public static JsonObjectBuilder object() {
        return FACTORY.createObjectBuilder();
    }

    public static JsonArrayBuilder array() {
        return FACTORY.createArrayBuilder();
    }
}
