package dev.flashsale.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An {@code @Isolated} class that spends its time mostly waiting (tokens running out, Redis
 * paused), during which the second node's start costs the run nothing, and whose tests hold with
 * that node starting and then up beside the tests' server: {@link EarlyStarts} begins the start
 * with it, as with the first browser class. The value says why the class holds with it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SecondNodeStartsBeside {

    String value();
}
