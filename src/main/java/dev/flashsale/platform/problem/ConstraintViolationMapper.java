package dev.flashsale.platform.problem;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/** Bean Validation failures on a request: 400 with one entry per invalid field. */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException exception) {
        List<Problem.FieldError> errors = exception.getConstraintViolations().stream()
                .map(v -> new Problem.FieldError(fieldOf(v), v.getMessage()))
                .toList();
        return ProblemResponses.of(ProblemException.invalid(errors).toProblem());
    }

    /**
     * The property path without the method and parameter nodes that a validated resource method
     * puts in front: {@code reserve.body.qty} becomes {@code qty}, {@code items[0].units} stays.
     */
    private static String fieldOf(ConstraintViolation<?> violation) {
        int leadingNodes = 0;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.METHOD || node.getKind() == ElementKind.PARAMETER) {
                leadingNodes++;
            } else {
                break;
            }
        }
        String path = violation.getPropertyPath().toString();
        for (int i = 0; i < leadingNodes; i++) {
            int dot = path.indexOf('.');
            if (dot < 0) {
                return "body";
            }
            path = path.substring(dot + 1);
        }
        return path.isEmpty() ? "body" : path;
    }
}
