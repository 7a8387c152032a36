package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * A refusal in the API's document: as an operation names it (its answer's description, the
 * comma-separated slugs of its problem types) and as the document then states it (a problem+json
 * answer that lists its types, with Retry-After on 429 and 503).
 */
final class DocumentedRefusals {

    private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private DocumentedRefusals() {
    }

    static List<String> slugsOf(String status, String description) {
        List<String> slugs = new ArrayList<>();
        for (String slug : (description == null ? "" : description).split(",")) {
            if (!SLUG.matcher(slug.strip()).matches()) {
                throw new IllegalStateException("The " + status + " answer's description must list problem type slugs: " + description);
            }
            slugs.add(slug.strip());
        }
        return slugs;
    }

    static APIResponse answer(String status, Set<String> slugs) {
        APIResponse answer = OASFactory.createAPIResponse()
                .description("Problem types: " + String.join(", ", slugs))
                .content(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE, OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().ref(ApiDocument.PROBLEM_SCHEMA))))
                .addExtension(ApiDocument.PROBLEM_TYPES, slugs.stream().map(slug -> Problem.TYPE_BASE + slug).toList());
        if (status.equals("429") || status.equals("503")) {
            answer.addHeader("Retry-After", OASFactory.createHeader()
                    .description("Seconds to wait before trying again")
                    .schema(OASFactory.createSchema().type(Schema.SchemaType.INTEGER)));
        }
        return answer;
    }
}
