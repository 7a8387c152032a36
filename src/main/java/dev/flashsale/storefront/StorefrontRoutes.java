package dev.flashsale.storefront;

import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Handler;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The storefront's routes, one per {@link Handler} bean, read once at start-up. A request's path
 * is matched against the routes with more literal segments first, so that {@code /queue/lottery}
 * is the lottery's and not a ticket's.
 */
@ApplicationScoped
public class StorefrontRoutes {

    private static final Logger LOG = Logger.getLogger(StorefrontRoutes.class.getName());

    @Inject
    @Any
    Instance<Handler<?>> handlers;

    private List<StorefrontRoute> routes = List.of();

    @PostConstruct
    void read() {
        List<StorefrontRoute> found = new ArrayList<>();
        for (Handler<?> handler : handlers) {
            found.add(StorefrontRoute.of(handler, beanClass(handler)));
        }
        set(found);
        LOG.fine(() -> "Storefront routes: " + routes.stream().map(route -> route.method() + " " + route.path()).toList());
    }

    /** Refuses two handlers of one route (one method on one path, whatever its parameters are named): which answered would be chance. */
    void set(List<StorefrontRoute> found) {
        Map<String, StorefrontRoute> byRoute = new HashMap<>();
        for (StorefrontRoute route : found) {
            StorefrontRoute other = byRoute.putIfAbsent(route.method() + " " + route.path().replaceAll("\\{[^}]*}", "{}"), route);
            if (other != null) {
                throw new IllegalStateException(route.type().getName() + " and " + other.type().getName() + " both answer "
                        + route.method() + " " + route.path());
            }
        }
        routes = found.stream().sorted(Comparator.comparingInt(StorefrontRoute::literals).reversed()).toList();
    }

    List<StorefrontRoute> all() {
        return routes;
    }

    /** A path's match: the routes on it (none when it is no route's) and, among them, the one of the method. */
    Match match(String method, String path) {
        String[] parts = path.substring(1).split("/", -1);
        List<StorefrontRoute> onPath = new ArrayList<>(2);
        for (StorefrontRoute route : routes) {
            String[] values = route.match(parts);
            if (values != null && (onPath.isEmpty() || onPath.get(0).literals() == route.literals())) {
                onPath.add(route);
                if (route.answersMethod(method)) {
                    return new Match(onPath, route, values);
                }
            }
        }
        return new Match(onPath, null, null);
    }

    /** The routes on a path, the route of the request's method among them (or null) and its parameters' values. */
    record Match(List<StorefrontRoute> onPath, StorefrontRoute route, String[] values) {

        /** Every route on the path is public (a loop, not a stream: it runs for every request). */
        boolean isPublic() {
            for (StorefrontRoute on : onPath) {
                if (!on.isPublic()) {
                    return false;
                }
            }
            return !onPath.isEmpty();
        }

        /** The methods the path answers, for Allow. */
        String allowed() {
            Set<String> methods = new LinkedHashSet<>();
            for (StorefrontRoute on : onPath) {
                methods.add(on.method());
                if (on.method().equals("GET")) {
                    methods.add("HEAD");
                }
            }
            methods.add("OPTIONS");
            return String.join(", ", methods);
        }
    }

    /** The handler's own class, not its container's proxy. */
    private static Class<?> beanClass(Handler<?> handler) {
        Class<?> type = handler.getClass();
        while (type.getAnnotation(Answers.class) == null && type.getSuperclass() != null) {
            type = type.getSuperclass();
        }
        return type;
    }
}
