package dev.flashsale.platform.pipeline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a storefront route is described in the OpenAPI document at /openapi, beside the route it
 * {@link Answers} and who may call it ({@code Access}): its operation's id, tag and summary, the
 * record its body is read into, the headers it reads, its successful answers and the problem types
 * it answers with itself. The path's parameters come from the route, the credentials from its
 * access, and the refusals of the shared machinery (credentials, rate limit, body reading, passing
 * trouble) are added by the document's filter, as for the admin API.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Described {

    String TAG_HEALTH = "Health";
    String TAG_STOREFRONT = "Storefront";
    String TAG_ROOM = "Storefront: waiting room";

    /** The operation's id, unique in the document. */
    String id();

    String tag() default TAG_STOREFRONT;

    String summary();

    /** The record a JSON body is read into; {@code Void} when the route reads no body. */
    Class<?> body() default Void.class;

    /** Whether a request must carry its body (false: no body means the defaults). */
    boolean bodyRequired() default true;

    /** What the body says beyond its fields' names. */
    String bodyText() default "";

    /** The request headers the route reads, besides the credentials'. */
    String[] headers() default {};

    /** The successful answers. */
    Outcome[] outcomes();

    /** The problem types the route answers with itself, by status. */
    Refusal[] refusals() default {};

    /** A successful answer: its status, the record it writes ({@code Void}: none, or text) and what it means. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface Outcome {

        int status();

        Class<?> type() default Void.class;

        String text();
    }

    /** The problem types of one status, as comma-separated slugs ({@code "sold-out, sale-not-open"}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface Refusal {

        int status();

        String slugs();
    }
}
