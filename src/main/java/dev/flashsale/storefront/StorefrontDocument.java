package dev.flashsale.storefront;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.RecordSchemas;
import jakarta.enterprise.inject.spi.CDI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASModelReader;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The storefront's part of the OpenAPI document (mp.openapi.model.reader), written from the routes
 * themselves: each handler's route ({@code Answers}), who may call it ({@code Access}) and its
 * {@link Described} declaration. The admin API's part comes from its resources' annotations, and
 * {@link ApiDocument} then completes both with the refusals they share.
 */
public class StorefrontDocument implements OASModelReader {

    @Override
    public OpenAPI buildModel() {
        return document(CDI.current().select(StorefrontRoutes.class).get().all());
    }

    static OpenAPI document(List<StorefrontRoute> routes) {
        Components components = OASFactory.createComponents();
        OpenAPI document = OASFactory.createOpenAPI().openapi("3.0.0").paths(OASFactory.createPaths()).components(components);
        Set<String> tags = new LinkedHashSet<>();
        List<StorefrontRoute> inOrder = new ArrayList<>(routes);
        inOrder.sort((a, b) -> (a.path() + " " + a.method()).compareTo(b.path() + " " + b.method()));
        for (StorefrontRoute route : inOrder) {
            Described described = route.type().getAnnotation(Described.class);
            if (described == null) {
                throw new IllegalStateException(route.type().getName() + " must describe its route for the API's document (@Described)");
            }
            tags.add(described.tag());
            PathItem item = document.getPaths().getPathItem(route.path());
            if (item == null) {
                item = OASFactory.createPathItem();
                document.getPaths().addPathItem(route.path(), item);
            }
            item.setOperation(PathItem.HttpMethod.valueOf(route.method()), operation(route, described, components));
        }
        tags.stream().sorted().forEach(tag -> document.addTag(OASFactory.createTag().name(tag)));
        return document;
    }

    private static Operation operation(StorefrontRoute route, Described described, Components components) {
        Operation operation = OASFactory.createOperation().operationId(described.id()).summary(described.summary())
                .addTag(described.tag());
        for (String header : described.headers()) {
            operation.addParameter(parameter(header, Parameter.In.HEADER));
        }
        for (String name : route.names()) {
            Parameter parameter = parameter(name, Parameter.In.PATH).required(true);
            if (route.isId(name)) {
                // A UUID, refused with invalid-id before the handler runs: ApiDocument lists that refusal.
                parameter.getSchema().format("uuid");
            }
            operation.addParameter(parameter);
        }
        if (described.body() != Void.class) {
            operation.requestBody(OASFactory.createRequestBody()
                    .required(described.bodyRequired() ? null : false)
                    .description(described.bodyText().isEmpty() ? null : described.bodyText())
                    .content(json(described.body(), components)));
        }
        APIResponses responses = OASFactory.createAPIResponses();
        for (Outcome outcome : described.outcomes()) {
            responses.addAPIResponse(String.valueOf(outcome.status()), OASFactory.createAPIResponse().description(outcome.text())
                    .content(content(route, outcome, components)));
        }
        for (Refusal refusal : described.refusals()) {
            // As an admin resource names its refusals: ApiDocument makes each a problem answer.
            responses.addAPIResponse(String.valueOf(refusal.status()), OASFactory.createAPIResponse().description(refusal.slugs()));
        }
        operation.responses(responses);
        if (!route.isPublic()) {
            operation.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(ApiDocument.STOREFRONT_KEY));
        }
        return operation;
    }

    private static Parameter parameter(String name, Parameter.In in) {
        return OASFactory.createParameter().name(name).in(in).schema(OASFactory.createSchema().type(Schema.SchemaType.STRING));
    }

    private static Content content(StorefrontRoute route, Outcome outcome, Components components) {
        if (outcome.status() == 204) {
            return null;
        }
        if (outcome.type() == Void.class) {
            return OASFactory.createContent().addMediaType(route.produces(), OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().type(Schema.SchemaType.STRING)));
        }
        return json(outcome.type(), components);
    }

    @SuppressWarnings("unchecked")
    private static Content json(Class<?> type, Components components) {
        if (!type.isRecord()) {
            throw new IllegalStateException("A storefront body or answer is described by a record, not " + type.getName());
        }
        RecordSchemas.addTo(components, (Class<? extends Record>) type);
        return OASFactory.createContent().addMediaType(Answer.JSON, OASFactory.createMediaType()
                .schema(OASFactory.createSchema().ref(type.getSimpleName())));
    }
}
