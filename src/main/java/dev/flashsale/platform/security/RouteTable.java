package dev.flashsale.platform.security;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The application's routes and their access, read at start-up from its JAX-RS resources (every
 * one a CDI bean), for the authentication to consult: a path under {@code /api} outside the admin
 * API lets a request in without an API key only when a route declared {@link Access#PUBLIC}
 * answers it. A resource that is not a bean is not in the table, so its paths need a key too.
 */
@ApplicationScoped
public class RouteTable {

    private static final Logger LOG = Logger.getLogger(RouteTable.class.getName());

    @Inject
    BeanManager beans;

    private List<Route> routes = List.of();
    private Set<String> publicPaths = Set.of();
    private List<Pattern> publicTemplates = List.of();
    private List<Pattern> closed = List.of();

    @PostConstruct
    void read() {
        set(beans.getBeans(Object.class, Any.Literal.INSTANCE).stream().map(Bean::getBeanClass)
                .filter(type -> type.isAnnotationPresent(Path.class)).distinct().toList());
        LOG.fine(() -> "Routes: " + routes);
    }

    /** Fills the table from these resource classes. */
    void set(Collection<Class<?>> resources) {
        routes = resources.stream().flatMap(resource -> Route.ofResource(resource).stream()).toList();
        // A path is public only when no route that is not answers it too (with another method).
        closed = routes.stream().filter(route -> !route.isPublic()).map(Route::pattern).toList();
        List<Route> open = routes.stream().filter(Route::isPublic).toList();
        // The public paths without parameters are a set lookup: a ping must not pay for patterns.
        publicPaths = open.stream().map(Route::path).filter(path -> path.indexOf('{') < 0 && !isClosed(path))
                .collect(Collectors.toUnmodifiableSet());
        publicTemplates = open.stream().filter(route -> route.path().indexOf('{') >= 0).map(Route::pattern).toList();
    }

    private boolean isClosed(String path) {
        return closed.stream().anyMatch(pattern -> pattern.matcher(path).matches());
    }

    public List<Route> routes() {
        return routes;
    }

    /** Whether a route declared public answers this path (below the context, decoded). */
    public boolean isPublic(String path) {
        if (publicPaths.contains(path)) {
            return true;
        }
        for (Pattern template : publicTemplates) {
            if (template.matcher(path).matches()) {
                return !isClosed(path);
            }
        }
        return false;
    }
}
