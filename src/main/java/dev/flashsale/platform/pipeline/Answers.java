package dev.flashsale.platform.pipeline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The storefront route a {@link Handler} answers: a method and a path template below the
 * context, a parameter standing for one segment ({@code "GET /api/sales/{saleId}/queue/{ticket}"}).
 * A literal segment wins over a parameter: {@code /queue/lottery} is not a ticket.
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
