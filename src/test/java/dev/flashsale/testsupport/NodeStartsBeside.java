package dev.flashsale.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An {@code @Isolated} class that spends its time mostly waiting (tokens running out, Redis
 * paused, holds running out), during which a node's start costs the run nothing, and whose tests
 * hold with that node starting and then up beside the tests' server: {@link EarlyStarts} begins
 * the node's start with it. {@code why} says why the class holds with it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NodeStartsBeside {

    /** The node whose start begins with the class. */
    Node value();

    /** Why the class's tests hold with that node starting beside them. */
    String why();

    /** The suite's nodes besides the tests' server. */
    enum Node {
        /** {@link SecondNode}, on the tests' PostgreSQL and Redis. */
        SECOND,
        /** {@link ClusterNode}, on a database and a Redis of its own. */
        CLUSTER
    }
}
