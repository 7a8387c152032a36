package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
 * security requirement, the conversion of a path's ids ({@link IdPaths}), the reading of a
 * request body, the mappers of unexpected failures.
 */
public class ApiDocument implements OASFilter {

    public static final String STOREFRONT_KEY = "storefrontKey";
    public static final String ADMIN_BASIC = "adminBasic";
    public static final String PROBLEM_SCHEMA = "Problem";
    public static final String PROBLEM_TYPES = "x-problem-types";

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
                        .addAll(DocumentedRefusals.slugsOf(answer.getKey(), answer.getValue().getDescription()));
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
        if (IdPaths.describe(operation)) {
            add(problems, "400", "invalid-id");
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
        problems.forEach((status, slugs) -> responses.addAPIResponse(status, DocumentedRefusals.answer(status, slugs)));
    }

    /** What Payara's scanner writes of a schema that says something false goes ({@link SchemaDefaults}). */
    @Override
    public Schema filterSchema(Schema schema) {
        return SchemaDefaults.clear(schema);
    }

    private static boolean isRefusal(String status) {
        return status.length() == 3 && Character.isDigit(status.charAt(0)) && status.compareTo("400") >= 0;
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
}
