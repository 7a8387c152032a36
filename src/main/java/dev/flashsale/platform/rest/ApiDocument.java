package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.models.tags.Tag;

/**
 * Completes the OpenAPI document that MicroProfile OpenAPI builds from the admin resources'
 * annotations and from the storefront's routes (storefront.StorefrontDocument, the model reader)
 * (mp.openapi.filter). An operation names its own refusals: an answer (an {@code @APIResponse} on a
 * resource method) of status 400 or more whose description is the comma-separated slugs of the
 * problem types it answers with ({@code "sold-out, sale-not-open"}; a storefront route's refusals
 * are written so too). Here every such answer becomes an application/problem+json
 * answer with the {@link Problem} schema, its types listed in {@code x-problem-types} (and
 * Retry-After on 429 and 503); and the refusals that come from the shared machinery, not from the
 * method, are added where that machinery runs: the authentication named by the operation's
 * security requirement, the reading of a request body, the mappers of unexpected failures.
 */
public class ApiDocument implements OASFilter {

    public static final String STOREFRONT_KEY = "storefrontKey";
    public static final String ADMIN_BASIC = "adminBasic";
    public static final String PROBLEM_SCHEMA = "Problem";
    public static final String PROBLEM_TYPES = "x-problem-types";

    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    @Override
    public void filterOpenAPI(OpenAPI document) {
        if (document.getPaths() == null) {
            return;
        }
        RecordSchemas.addTo(document.getComponents(), Problem.class);
        if (document.getTags() != null) {
            Map<String, Tag> byName = new LinkedHashMap<>();
            document.getTags().forEach(tag -> byName.putIfAbsent(tag.getName(), tag));
            document.setTags(new ArrayList<>(byName.values()));
        }
        for (PathItem path : document.getPaths().getPathItems().values()) {
            path.getOperations().forEach((method, operation) -> complete(operation, isChange(method)));
        }
    }

    private static boolean isChange(PathItem.HttpMethod method) {
        return method != PathItem.HttpMethod.GET && method != PathItem.HttpMethod.HEAD && method != PathItem.HttpMethod.OPTIONS;
    }

    private static void complete(Operation operation, boolean change) {
        APIResponses responses = operation.getResponses();
        Map<String, Set<String>> problems = new TreeMap<>();
        for (Map.Entry<String, APIResponse> answer : responses.getAPIResponses().entrySet()) {
            if (isRefusal(answer.getKey())) {
                problems.computeIfAbsent(answer.getKey(), status -> new LinkedHashSet<>())
                        .addAll(slugsOf(answer.getKey(), answer.getValue().getDescription()));
            }
        }
        Set<String> schemes = schemesOf(operation);
        if (schemes.contains(ADMIN_BASIC)) {
            add(problems, "401", "unauthorized");
            add(problems, "403", "forbidden");
            add(problems, "429", "too-many-failed-logins");
            if (change) {
                // Neither a JSON body nor the header a form cannot send (CrossSiteRequests).
                add(problems, "403", "cross-site-request");
            }
        }
        if (schemes.contains(STOREFRONT_KEY)) {
            add(problems, "401", "unauthorized");
            add(problems, "429", "rate-limited");
        }
        if (operation.getRequestBody() != null) {
            add(problems, "400", "malformed-request", "invalid-request");
            add(problems, "413", "body-too-large");
            add(problems, "415", "unsupported-media-type");
        }
        if (!schemes.isEmpty()) {
            // Any operation that reaches the database answers its passing trouble so (TransientFailure).
            add(problems, "503", "service-unavailable");
        }
        // An Accept header that excludes the operation's media type.
        add(problems, "406", "not-acceptable");
        add(problems, "500", "internal-error");
        APIResponse inferred = responses.getDefaultValue();
        if (inferred != null && responses.getAPIResponses().size() > 1) {
            // Payara's answer from the method's return type: its content is the success answer's.
            responses.getAPIResponses().forEach((status, answer) -> {
                if (status.startsWith("2") && !status.equals("204") && answer.getContent() == null) {
                    answer.setContent(inferred.getContent());
                }
            });
            responses.removeAPIResponse(APIResponses.DEFAULT);
        }
        problems.forEach((status, slugs) -> responses.addAPIResponse(status, problemAnswer(status, slugs)));
    }

    /**
     * Payara writes every attribute of a {@code @Schema} annotation, defaults included, and some of
     * them say something false ({@code maxProperties: 0} forbids every property): those go, as do
     * the properties it copies from an array's items onto the array.
     */
    @Override
    public Schema filterSchema(Schema schema) {
        if (schema.getType() == Schema.SchemaType.ARRAY && schema.getProperties() != null) {
            // The element type's properties, written on the array as well as on its items.
            schema.setProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMaxProperties())) {
            schema.setMaxProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMinProperties())) {
            schema.setMinProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMinLength())) {
            schema.setMinLength(null);
        }
        for (Boolean unset : new Boolean[] {schema.getExclusiveMaximum(), schema.getExclusiveMinimum(), schema.getUniqueItems(),
                schema.getNullable(), schema.getReadOnly(), schema.getWriteOnly(), schema.getDeprecated()}) {
            if (Boolean.FALSE.equals(unset)) {
                clearFalse(schema);
                break;
            }
        }
        return schema;
    }

    private static void clearFalse(Schema schema) {
        if (Boolean.FALSE.equals(schema.getExclusiveMaximum())) {
            schema.setExclusiveMaximum(null);
        }
        if (Boolean.FALSE.equals(schema.getExclusiveMinimum())) {
            schema.setExclusiveMinimum(null);
        }
        if (Boolean.FALSE.equals(schema.getUniqueItems())) {
            schema.setUniqueItems(null);
        }
        if (Boolean.FALSE.equals(schema.getNullable())) {
            schema.setNullable(null);
        }
        if (Boolean.FALSE.equals(schema.getReadOnly())) {
            schema.setReadOnly(null);
        }
        if (Boolean.FALSE.equals(schema.getWriteOnly())) {
            schema.setWriteOnly(null);
        }
        if (Boolean.FALSE.equals(schema.getDeprecated())) {
            schema.setDeprecated(null);
        }
    }

    private static boolean isRefusal(String status) {
        return status.length() == 3 && Character.isDigit(status.charAt(0)) && status.compareTo("400") >= 0;
    }

    private static List<String> slugsOf(String status, String description) {
        List<String> slugs = new ArrayList<>();
        for (String slug : (description == null ? "" : description).split(",")) {
            if (!SLUG.matcher(slug.strip()).matches()) {
                throw new IllegalStateException("The " + status + " answer's description must list problem type slugs: " + description);
            }
            slugs.add(slug.strip());
        }
        return slugs;
    }

    private static Set<String> schemesOf(Operation operation) {
        Set<String> schemes = new LinkedHashSet<>();
        if (operation.getSecurity() != null) {
            for (SecurityRequirement requirement : operation.getSecurity()) {
                schemes.addAll(requirement.getSchemes().keySet());
            }
        }
        return schemes;
    }

    private static void add(Map<String, Set<String>> problems, String status, String... slugs) {
        problems.computeIfAbsent(status, s -> new LinkedHashSet<>()).addAll(List.of(slugs));
    }

    private static APIResponse problemAnswer(String status, Set<String> slugs) {
        APIResponse answer = OASFactory.createAPIResponse()
                .description("Problem types: " + String.join(", ", slugs))
                .content(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE, OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().ref(PROBLEM_SCHEMA))))
                .addExtension(PROBLEM_TYPES, slugs.stream().map(slug -> Problem.TYPE_BASE + slug).toList());
        if (status.equals("429") || status.equals("503")) {
            answer.addHeader("Retry-After", OASFactory.createHeader()
                    .description("Seconds to wait before trying again")
                    .schema(OASFactory.createSchema().type(Schema.SchemaType.INTEGER)));
        }
        return answer;
    }
}
