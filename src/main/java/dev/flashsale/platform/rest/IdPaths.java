package dev.flashsale.platform.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * The ids in an operation's path: those that {@link IdParameters} converts ({@code SaleId},
 * {@code ReservationId}), which the scanner calls objects, since it reads no converter, and a
 * storefront route's ({@code {saleId:sale}}), which its document already calls UUIDs. Each is the
 * text of a UUID, and a path that names none is answered 400 {@code invalid-id} before the method
 * or handler runs.
 */
final class IdPaths {

    private IdPaths() {
    }

    /** @return whether the operation takes such an id, now described as the UUID it is */
    static boolean describe(Operation operation) {
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        boolean takesId = false;
        for (Parameter parameter : parameters) {
            Schema schema = parameter.getSchema();
            if (parameter.getIn() == Parameter.In.PATH && schema != null && schema.getRef() == null
                    && (schema.getType() == Schema.SchemaType.OBJECT || "uuid".equals(schema.getFormat()))) {
                schema.setType(Schema.SchemaType.STRING);
                schema.setFormat("uuid");
                schema.setProperties(null);
                takesId = true;
            }
        }
        return takesId;
    }
}
