package dev.flashsale.platform.pipeline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The storefront route a {@link Handler} answers: a method and a path template below the
 * context, a parameter standing for one segment ({@code "GET /api/sales/{saleId:sale}/queue/{ticket}"}).
 * A literal segment wins over a parameter: {@code /queue/lottery} is not a ticket. A parameter
 * {@code {name:what}} is the id of a {@code what}, a UUID: a segment that names none is refused
 * 400 {@code invalid-id} before the handler runs ({@link Call#id}), and the document says so.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Answers {

    /** {@code "<METHOD> <path template>"}. */
    String value();

    /** The media type of the answers that are not problems. */
    String produces() default Answer.JSON;
}
