package dev.flashsale.platform.problem;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The JAX-RS runtime's own refusals (unknown path 404, wrong method 405, wrong content type 415,
 * unacceptable Accept 406...) in the same problem+json shape as ours; one that already carries
 * our problem is answered as it is.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        if (original.getEntity() instanceof Problem) {
            // A refusal of ours that had to travel as the framework's exception (IdParameters).
            return original;
        }
        int status = original.getStatus();
        Response.StatusType statusType = Response.Status.fromStatusCode(status);
        String title = status == 400 ? "Bad request" : statusType != null ? statusType.getReasonPhrase() : "HTTP " + status;
        String slug = switch (status) {
            case 400 -> "malformed-request";
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 406 -> "not-acceptable";
            case 415 -> "unsupported-media-type";
            default -> "http-" + status;
        };
        String detail = switch (status) {
            case 400 -> "The request could not be read: check that the body is well-formed JSON of the expected shape";
            case 404 -> "There is no such resource";
            case 405 -> "This resource does not accept that method";
            case 406 -> "This resource answers only application/json";
            case 415 -> "Send the body as application/json";
            default -> title;
        };
        Response.ResponseBuilder answer = Response.status(status).type(Problem.MEDIA_TYPE)
                .entity(new Problem(Problem.TYPE_BASE + slug, title, status, detail, null));
        String allow = original.getHeaderString("Allow");
        if (allow != null) {
            answer.header("Allow", allow);
        }
        return answer.build();
    }
}
