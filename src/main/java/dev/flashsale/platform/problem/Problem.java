package dev.flashsale.platform.problem;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.util.List;

/**
 * An RFC 9457 problem document, the body of every error answer.
 *
 * @param type     stable URI naming the kind of failure; clients switch on it
 * @param title    short, human summary of the kind of failure
 * @param status   the HTTP status, repeated for clients that lose headers
 * @param detail   what went wrong in this request
 * @param errors   one entry per invalid field, when the request body failed validation
 */
@JsonbPropertyOrder({"type", "title", "status", "detail", "errors"})
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** Problem types are stable URIs under this base, e.g. {@code .../sold-out}. */
    public static final String TYPE_BASE = "https://flashsale.dev/problems/";

    public record FieldError(String field, String message) {
    }
}
