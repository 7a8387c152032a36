package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.rest.RestApplication;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document at /openapi against the application's own code: every route (each JAX-RS
 * resource method and each storefront handler, found by reflection over the application's
 * classes; the storefront's document is written from the handlers' declarations) is in it with its success answer,
 * its problem answers and its credentials, and every problem type the code can raise is named
 * under its status. A resource method added without documentation fails here.
 */
@Tag("core")
class OpenApiIT {

    /** The paths that need no credentials (the storefront pipeline and web.xml protect everything else under /api). */
    private static final Set<String> PUBLIC_PATHS = Set.of("/api/ping");
    /** A storefront route's id parameter, {@code {name:what}}, within one segment. */
    private static final String ID_SEGMENT = "\\{([^/{}:]+):[^/{}]+}";
    private static final List<Class<? extends Annotation>> HTTP_METHODS =
            List.of(GET.class, POST.class, PUT.class, DELETE.class, PATCH.class, HEAD.class, OPTIONS.class);

    private static Api.Answer first;
    private static JsonObject document;

    @BeforeAll
    static void fetchTheDocument() {
        Api api = new Api(TestServer.url());
        first = api.get("openapi", "Accept", "application/json");
        document = first.json();
    }

    /** Built while the server starts (ApiDocumentAtStartup), so that no first caller waits seconds for it. */
    @Test
    void theDocumentIsBuiltAtStartupNotOnItsFirstRequest() throws Exception {
        assertEquals(200, first.status(), first.body());
        assertTrue(first.contentType().startsWith("application/json"), first.contentType());
        String log = Files.readString(TestServer.logFile(), StandardCharsets.ISO_8859_1);
        assertTrue(log.contains("OpenAPI document built in"), "the server built the document as it started");
        assertFalse(log.contains("it is built on its first request"), "nothing left the document to its first request");
    }

    @Test
    void everyResourceMethodIsAnOperationWithItsAnswers() throws Exception {
        Map<String, Set<String>> expected = new TreeMap<>();
        for (Endpoint endpoint : endpoints()) {
            expected.computeIfAbsent(endpoint.path(), path -> new TreeSet<>()).add(endpoint.verb());
            JsonObject item = paths().getJsonObject(endpoint.path());
            assertNotNull(item, "no path " + endpoint.path() + " for " + endpoint.method());
            JsonObject operation = item.getJsonObject(endpoint.verb());
            assertNotNull(operation, "no " + endpoint.verb() + " " + endpoint.path() + " for " + endpoint.method());
            checkOperation(endpoint, operation);
        }
        Map<String, Set<String>> documented = new TreeMap<>();
        paths().forEach((path, item) -> documented.put(path, new TreeSet<>(item.asJsonObject().keySet())));
        assertEquals(expected, documented, "the document's operations are exactly the routes");
    }

    private static void checkOperation(Endpoint endpoint, JsonObject operation) {
        String where = endpoint.verb() + " " + endpoint.path();
        assertFalse(operation.getString("summary", "").isBlank(), where + " has no summary (@Operation)");
        JsonObject responses = operation.getJsonObject("responses");
        assertFalse(responses.containsKey("default"), where + " has only Payara's default answer");
        List<String> successes = responses.keySet().stream().filter(status -> status.startsWith("2")).toList();
        assertFalse(successes.isEmpty(), where + " has no success answer");
        for (String status : successes) {
            JsonObject answer = responses.getJsonObject(status);
            assertFalse(answer.getString("description", "").isBlank(), where + " " + status + " has no description");
            if (!status.equals("204")) {
                assertTrue(hasSchema(answer), where + " " + status + " has no schema");
            }
        }
        for (String status : responses.keySet()) {
            if (status.compareTo("400") >= 0) {
                checkProblemAnswer(where + " " + status, status, responses.getJsonObject(status));
            }
        }
        assertTrue(responses.containsKey("500"), where + " has no 500");
        if (endpoint.takesId()) {
            JsonObject refused = responses.getJsonObject("400");
            assertTrue(refused != null && refused.getJsonArray("x-problem-types").contains(Json.createValue(Problem.TYPE_BASE + "invalid-id")),
                    where + " takes an id in its path but does not list invalid-id under 400");
            for (JsonValue parameter : operation.getJsonArray("parameters")) {
                JsonObject schema = parameter.asJsonObject().getJsonObject("schema");
                if (parameter.asJsonObject().getString("in").equals("path")) {
                    assertEquals("string", schema.getString("type", ""), where + " describes its path id as " + schema);
                }
            }
        } else if (endpoint.method().contains("#") && operation.containsKey("parameters")) {
            // The document tells a converted id by its description: nothing else may look like one.
            for (JsonValue parameter : operation.getJsonArray("parameters")) {
                JsonObject schema = parameter.asJsonObject().getJsonObject("schema");
                assertFalse(parameter.asJsonObject().getString("in").equals("path") && schema != null
                        && "uuid".equals(schema.getString("format", "")), where + " describes a path parameter that is no converted id as a UUID");
            }
        }
        if (endpoint.takesBody()) {
            JsonObject body = operation.getJsonObject("requestBody");
            assertNotNull(body, where + " has no request body");
            assertTrue(hasSchema(body), where + " request body has no schema");
            assertTrue(responses.containsKey("400") && responses.containsKey("413"), where + " lacks the body's 400/413");
        }
        Set<String> schemes = new TreeSet<>();
        JsonArray security = operation.getJsonArray("security");
        if (security != null) {
            security.stream().map(JsonValue::asJsonObject).forEach(requirement -> schemes.addAll(requirement.keySet()));
        }
        if (endpoint.path().startsWith("/api/admin/")) {
            assertEquals(Set.of("adminBasic"), schemes, where);
            assertTrue(responses.containsKey("401") && responses.containsKey("403") && responses.containsKey("429"), where);
        } else if (PUBLIC_PATHS.contains(endpoint.path())) {
            assertEquals(Set.of(), schemes, where);
        } else {
            assertEquals(Set.of("storefrontKey"), schemes, where);
            assertTrue(responses.containsKey("401") && responses.containsKey("429"), where);
        }
    }

    private static void checkProblemAnswer(String where, String status, JsonObject answer) {
        JsonObject problem = answer.getJsonObject("content").getJsonObject(Problem.MEDIA_TYPE);
        assertNotNull(problem, where + " is not " + Problem.MEDIA_TYPE);
        assertEquals("#/components/schemas/Problem", problem.getJsonObject("schema").getString("$ref"), where);
        JsonArray types = answer.getJsonArray("x-problem-types");
        assertFalse(types == null || types.isEmpty(), where + " names no problem type");
        types.getValuesAs(JsonString.class).forEach(type -> assertTrue(type.getString().startsWith(Problem.TYPE_BASE), where));
        if (status.equals("429") || status.equals("503")) {
            assertTrue(answer.getJsonObject("headers").containsKey("Retry-After"), where + " without Retry-After");
        }
    }

    @Test
    void everyProblemTypeOfTheCodeIsNamedUnderItsStatus() throws IOException {
        Map<String, Set<String>> documented = new TreeMap<>();
        paths().values().forEach(item -> item.asJsonObject().values().forEach(operation ->
                operation.asJsonObject().getJsonObject("responses").forEach((status, answer) -> {
                    JsonArray types = answer.asJsonObject().getJsonArray("x-problem-types");
                    if (types != null) {
                        types.getValuesAs(JsonString.class).forEach(type -> documented
                                .computeIfAbsent(status, s -> new TreeSet<>())
                                .add(type.getString().substring(Problem.TYPE_BASE.length())));
                    }
                })));
        Map<String, Set<String>> raised = ProblemTypesInCode.read();
        assertFalse(raised.isEmpty());
        // The answer to a method that no operation of the path has: no operation's to name.
        assertTrue(raised.getOrDefault("405", Set.of()).remove("method-not-allowed"), "the storefront answers 405 itself");
        // The answer to a path under the storefront's roots that no operation has: no operation's to name either.
        assertTrue(raised.getOrDefault("404", Set.of()).remove("not-found"), "the storefront's door answers 404 itself");
        raised.forEach((status, slugs) -> slugs.forEach(slug -> assertTrue(
                documented.getOrDefault(status, Set.of()).contains(slug),
                "problem type " + slug + " (" + status + ") is raised in the code but named by no operation")));
    }

    @Test
    void theSchemesAndSchemasExist() {
        JsonObject components = document.getJsonObject("components");
        JsonObject key = components.getJsonObject("securitySchemes").getJsonObject("storefrontKey");
        assertEquals("apiKey", key.getString("type"));
        assertEquals("header", key.getString("in"));
        assertEquals(Api.KEY_HEADER, key.getString("name"));
        JsonObject basic = components.getJsonObject("securitySchemes").getJsonObject("adminBasic");
        assertEquals("http", basic.getString("type"));
        assertEquals("basic", basic.getString("scheme"));
        JsonObject schemas = components.getJsonObject("schemas");
        assertEquals(Set.of("type", "title", "status", "detail", "errors"),
                schemas.getJsonObject("Problem").getJsonObject("properties").keySet());
        List<String> refs = new ArrayList<>();
        collectRefs(document, refs);
        for (String ref : refs) {
            assertTrue(ref.startsWith("#/components/schemas/") && schemas.containsKey(ref.substring(21)), "dangling " + ref);
            JsonObject target = schemas.getJsonObject(ref.substring(21));
            assertTrue(target.containsKey("properties") || target.containsKey("enum") || !"object".equals(target.getString("type", "")),
                    ref + " is an object without properties");
        }
    }

    /**
     * An identifier type (a sale's, a reservation's, a buyer's id) is written in JSON as its text,
     * so the document says a string where one is answered, not an object holding a value.
     */
    @Test
    void idsAreDescribedAsTheTextTheyAreAnswered() {
        JsonObject schemas = document.getJsonObject("components").getJsonObject("schemas");
        for (String[] field : List.of(new String[] {"SaleView", "id"}, new String[] {"SaleSummary", "id"},
                new String[] {"Reservation", "id"}, new String[] {"Reservation", "buyerId"})) {
            JsonObject property = resolved(schemas, schemas.getJsonObject(field[0]).getJsonObject("properties").getJsonObject(field[1]));
            assertEquals("string", property.getString("type", ""), field[0] + "." + field[1] + ": " + property);
        }
        List<String> asObjects = new ArrayList<>();
        idsAsObjects("", document, asObjects);
        assertEquals(List.of(), asObjects, "ids described as an object holding a value");
    }

    /** Where in the document a schema is an object of one property {@code value}: an id type the scanner took apart. */
    private static void idsAsObjects(String where, JsonValue value, List<String> found) {
        if (value instanceof JsonObject object) {
            if (object.get("properties") instanceof JsonObject properties && properties.keySet().equals(Set.of("value"))) {
                found.add(where + " " + object);
            }
            object.forEach((name, child) -> idsAsObjects(where + "/" + name, child, found));
        } else if (value instanceof jakarta.json.JsonArray array) {
            for (int i = 0; i < array.size(); i++) {
                idsAsObjects(where + "/" + i, array.get(i), found);
            }
        }
    }

    private static JsonObject resolved(JsonObject schemas, JsonObject schema) {
        return schema.containsKey("$ref") ? schemas.getJsonObject(schema.getString("$ref").substring(21)) : schema;
    }

    private static boolean hasSchema(JsonObject answer) {
        JsonObject content = answer.getJsonObject("content");
        return content != null && !content.isEmpty()
                && content.values().stream().allMatch(media -> media.asJsonObject().containsKey("schema"));
    }

    private static void collectRefs(JsonValue value, List<String> refs) {
        if (value instanceof JsonObject object) {
            object.forEach((name, member) -> {
                if (name.equals("$ref")) {
                    refs.add(((JsonString) member).getString());
                } else {
                    collectRefs(member, refs);
                }
            });
        } else if (value instanceof JsonArray array) {
            array.forEach(member -> collectRefs(member, refs));
        }
    }

    private static JsonObject paths() {
        return document.getJsonObject("paths");
    }

    /**
     * One route: its HTTP method, full path, what answers it, whether it reads a body, and whether
     * its path carries an id that {@code IdParameters} converts or a storefront route's id
     * ({@code {name:what}}), each refused with invalid-id before the method or handler runs.
     */
    private record Endpoint(String verb, String path, String method, boolean takesBody, boolean takesId) {
    }

    /**
     * Every route of the application's classes (main, not test): each resource method of the REST
     * framework, with the application path, and each storefront handler ({@link Answers}), whose
     * body, when it reads one, is read by a {@link JsonObjectReader} it keeps.
     */
    private static List<Endpoint> endpoints() throws IOException, URISyntaxException, ClassNotFoundException {
        String root = "/" + RestApplication.class.getAnnotation(ApplicationPath.class).value();
        java.nio.file.Path classes = java.nio.file.Path.of(RestApplication.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        List<Endpoint> endpoints = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, OpenApiIT.class.getClassLoader());
                Answers route = type.getAnnotation(Answers.class);
                if (route != null) {
                    String[] declared = route.value().split(" ", 2);
                    boolean body = Stream.of(type.getDeclaredFields()).anyMatch(field -> JsonObjectReader.class.isAssignableFrom(field.getType()));
                    // A {name:what} segment is an id, refused with invalid-id before the handler runs.
                    endpoints.add(new Endpoint(declared[0].toLowerCase(), declared[1].replaceAll(ID_SEGMENT, "{$1}"), type.getName(),
                            body, Pattern.compile(ID_SEGMENT).matcher(declared[1]).find()));
                }
                Path classPath = type.getAnnotation(Path.class);
                if (classPath == null || type.isInterface()) {
                    continue;
                }
                for (Method method : type.getDeclaredMethods()) {
                    for (Class<? extends Annotation> verb : HTTP_METHODS) {
                        if (Modifier.isPublic(method.getModifiers()) && method.isAnnotationPresent(verb)) {
                            Path methodPath = method.getAnnotation(Path.class);
                            String path = (root + "/" + classPath.value() + (methodPath == null ? "" : "/" + methodPath.value()))
                                    .replaceAll("/+", "/").replaceAll("(.)/$", "$1");
                            boolean body = method.isAnnotationPresent(Consumes.class) || type.isAnnotationPresent(Consumes.class);
                            boolean id = Stream.of(method.getParameters()).anyMatch(parameter -> parameter.isAnnotationPresent(PathParam.class)
                                    && (parameter.getType() == SaleId.class || parameter.getType() == ReservationId.class));
                            endpoints.add(new Endpoint(verb.getSimpleName().toLowerCase(), path, type.getName() + "#" + method.getName(), body, id));
                        }
                    }
                }
            }
        }
        assertFalse(endpoints.isEmpty(), "no resource methods found in " + classes);
        return endpoints;
    }

    /**
     * The problem types the application's sources raise, by status: the ProblemException factories
     * and constructors, and the problem answers the mappers and filters build themselves.
     */
    private static final class ProblemTypesInCode {

        private static final Map<String, String> FACTORIES = Map.of("badRequest", "400", "conflict", "409",
                "retryLater", "503", "tooManyRequests", "429");
        private static final Pattern FACTORY = Pattern.compile("ProblemException\\.(badRequest|conflict|retryLater|tooManyRequests)\\(\\s*\"([a-z0-9-]+)\"");
        private static final Pattern NOT_FOUND = Pattern.compile("ProblemException\\.notFound\\(\\s*\"([a-z0-9-]+)\"");
        private static final Pattern EXPLICIT = Pattern.compile("(?:new ProblemException|super|ProblemResponses\\.of)\\(\\s*(\\d{3}),\\s*\"([a-z0-9-]+)\"");
        private static final Pattern TYPE_BASE = Pattern.compile("TYPE_BASE \\+ \"([a-z0-9-]+)\", \"[^\"]*\", (\\d{3})");

        static Map<String, Set<String>> read() throws IOException {
            Map<String, Set<String>> raised = new TreeMap<>();
            try (Stream<java.nio.file.Path> files = Files.walk(java.nio.file.Path.of("src", "main", "java"))) {
                for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = Files.readString(file);
                    for (Matcher m = FACTORY.matcher(code); m.find(); ) {
                        add(raised, FACTORIES.get(m.group(1)), m.group(2));
                    }
                    for (Matcher m = NOT_FOUND.matcher(code); m.find(); ) {
                        add(raised, "404", m.group(1) + "-not-found");
                    }
                    for (Matcher m = EXPLICIT.matcher(code); m.find(); ) {
                        add(raised, m.group(1), m.group(2));
                    }
                    for (Matcher m = TYPE_BASE.matcher(code); m.find(); ) {
                        add(raised, m.group(2), m.group(1));
                    }
                }
            }
            return raised;
        }

        private static void add(Map<String, Set<String>> raised, String status, String slug) {
            raised.computeIfAbsent(status, s -> new TreeSet<>()).add(slug);
        }
    }
}
