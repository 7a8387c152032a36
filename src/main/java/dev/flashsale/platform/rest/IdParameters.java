package dev.flashsale.platform.rest;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.function.Function;

/**
 * The admin API's path ids, converted once where the request comes in: a resource method takes a
 * {@link SaleId} or a {@link ReservationId}, and a path that names none is answered 400
 * {@code invalid-id} before the method runs. The refusal travels as a
 * {@link WebApplicationException} carrying the problem, since the REST framework answers any other
 * failure of a path parameter's conversion with 404.
 */
@Provider
public class IdParameters implements ParamConverterProvider {

    private static final Map<Class<?>, Function<String, ?>> PARSERS = Map.of(
            SaleId.class, SaleId::parse,
            ReservationId.class, ReservationId::parse);

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        Function<String, ?> parser = PARSERS.get(rawType);
        return parser == null ? null : new IdConverter<>((Function<String, T>) parser);
    }

    private record IdConverter<T>(Function<String, T> parser) implements ParamConverter<T> {

        @Override
        public T fromString(String text) {
            try {
                return parser.apply(text);
            } catch (ProblemException invalid) {
                throw new WebApplicationException(invalid, ProblemAnswer.of(invalid).toResponse());
            }
        }

        @Override
        public String toString(T id) {
            return id.toString();
        }
    }
}
