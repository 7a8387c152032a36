package dev.flashsale.platform.security;

import dev.flashsale.platform.web.ApiPaths;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A route the application answers: an HTTP method ({@code *} for a sub-resource locator) on a
 * path below the context, as a JAX-RS template ({@code /api/sales/{saleId}/queue}), and the access
 * it declares; empty when it declares none.
 */
public record Route(String method, String path, Optional<Access> access, String handler) {

    private static final Pattern PARAMETER = Pattern.compile("\\{[^}]*}");

    /** The routes of a JAX-RS resource class: one per resource method (empty when it is none). */
    public static List<Route> ofResource(Class<?> resource) {
        Path classPath = resource.getAnnotation(Path.class);
        if (classPath == null || resource.isInterface()) {
            return List.of();
        }
        List<Route> routes = new ArrayList<>();
        for (Method method : resource.getMethods()) {
            Path methodPath = method.getAnnotation(Path.class);
            Optional<String> verb = verbOf(method);
            if (Modifier.isStatic(method.getModifiers()) || (verb.isEmpty() && methodPath == null)) {
                continue;
            }
            String path = (ApiPaths.API + "/" + classPath.value() + (methodPath == null ? "" : "/" + methodPath.value()))
                    .replaceAll("/+", "/").replaceAll("(.)/$", "$1");
            routes.add(new Route(verb.orElse("*"), path, Access.Declared.on(resource, method),
                    resource.getName() + "#" + method.getName()));
        }
        routes.sort(Comparator.comparing(Route::path).thenComparing(Route::method));
        return routes;
    }

    private static Optional<String> verbOf(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return Optional.of(verb.value());
            }
        }
        return Optional.empty();
    }

    public boolean isPublic() {
        return access.map(declared -> List.of(declared.value()).contains(Access.PUBLIC)).orElse(false);
    }

    /**
     * The paths this route answers, as a pattern: a template's parameter stands for one segment.
     * A parameter with a pattern of its own ({@code {rest: .*}}) may match more in JAX-RS; here
     * it does not, the safe side for a public route: such a path then needs a credential.
     */
    public Pattern pattern() {
        StringBuilder regex = new StringBuilder();
        int from = 0;
        for (var parameter = PARAMETER.matcher(path); parameter.find(); from = parameter.end()) {
            regex.append(Pattern.quote(path.substring(from, parameter.start()))).append("[^/]+");
        }
        return Pattern.compile(regex.append(Pattern.quote(path.substring(from))).toString());
    }
}
