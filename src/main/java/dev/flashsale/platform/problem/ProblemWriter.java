package dev.flashsale.platform.problem;

import dev.flashsale.platform.JsonText;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a {@link Problem} as its JSON text, by hand: most answers of a rush are refusals, and
 * their five fields need no binding layer. The output is what the JSON binding wrote: the fields
 * in order, {@code errors} only when there are some, strings escaped as JSON requires.
 */
@Provider
@Produces(Problem.MEDIA_TYPE)
public class ProblemWriter implements MessageBodyWriter<Problem> {

    static final int KEPT = 1024;
    private static final Map<Problem, byte[]> WRITTEN = new ConcurrentHashMap<>();

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == Problem.class;
    }

    @Override
    public void writeTo(Problem problem, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
        out.write(bytes(problem));
    }

    /**
     * The problem's JSON in UTF-8. A refusal given over and over (sold out, to every buyer of a
     * SKU after its last unit) is written once and its bytes kept: at most {@value #KEPT} of them,
     * all forgotten when full; a problem with field errors is written each time.
     */
    public static byte[] bytes(Problem problem) {
        if (problem.errors() != null) {
            return json(problem).getBytes(StandardCharsets.UTF_8);
        }
        byte[] bytes = WRITTEN.get(problem);
        if (bytes == null) {
            bytes = json(problem).getBytes(StandardCharsets.UTF_8);
            if (WRITTEN.size() >= KEPT) {
                WRITTEN.clear();
            }
            WRITTEN.put(problem, bytes);
        }
        return bytes;
    }

    static int kept() {
        return WRITTEN.size();
    }

    static String json(Problem problem) {
        StringBuilder json = new StringBuilder(256).append('{');
        field(json, "type", problem.type()).append(',');
        field(json, "title", problem.title()).append(",\"status\":").append(problem.status());
        if (problem.detail() != null) {
            field(json.append(','), "detail", problem.detail());
        }
        if (problem.errors() != null) {
            json.append(",\"errors\":[");
            for (int i = 0; i < problem.errors().size(); i++) {
                Problem.FieldError error = problem.errors().get(i);
                json.append(i == 0 ? "{" : ",{");
                field(json, "field", error.field()).append(',');
                field(json, "message", error.message()).append('}');
            }
            json.append(']');
        }
        return json.append('}').toString();
    }

    private static StringBuilder field(StringBuilder json, String name, String value) {
        json.append('"').append(name).append("\":");
        return value == null ? json.append("null") : JsonText.quoted(json, value);
    }
}
