package dev.flashsale.platform.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Who may call a route: every storefront route (a {@code platform.pipeline.Handler} declaring
 * {@code @Answers} and this, which {@code storefront.StorefrontRoutes} reads), every JAX-RS
 * resource method of the admin API (on it or on its class) and every servlet or filter that
 * answers requests declares it. A resource method without a declaration is refused as an unknown
 * path, and a path under {@code /api} outside {@code /api/admin} that no handler declares
 * {@link #PUBLIC} needs an API key (one that no handler answers, then, gets the REST framework's
 * 404), so a new route is closed until it says otherwise.
 *
 * <p>The values are {@link #PUBLIC} or role names of {@link Roles}: {@link Roles#STOREFRONT} (an
 * API key), or the users' roles for the admin API, which the container's constraints (web.xml)
 * enforce by path and method, as the role matrix of docs/roles.md states (reads by every user,
 * changes by merchandisers, users and keys by administrators; an administrator is a merchandiser
 * too, {@link Roles#groupsOf}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Access {

    /** Anyone, with no credential. */
    String PUBLIC = "public";

    /** {@link #PUBLIC}, or the roles that may call. */
    String[] value();

    /** The declarations of resource methods: the method's own, else its class's. */
    final class Declared {

        private Declared() {
        }

        public static Optional<Access> on(Class<?> type, Method method) {
            Access own = method.getAnnotation(Access.class);
            return Optional.ofNullable(own != null ? own : type.getAnnotation(Access.class));
        }
    }
}
