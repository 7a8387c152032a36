package dev.flashsale.storefront;

import dev.flashsale.platform.id.Ids;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.security.Access;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * A storefront route: its method, its path as the document names it, its template's segments (a
 * {@code {name}} segment is a parameter), its parameters' names and, for each, what it is the id of
 * ({@code {saleId:sale}}) or null, whether it is public, its answers' media type, its handler and
 * the handler's class (where its declarations are).
 */
record StorefrontRoute(String method, String path, List<String> segments, List<String> names, List<String> idsOf,
                       boolean isPublic, String produces, Handler<?> handler, Class<?> type) {

    /** The ids of a route without parameters (ping, reserve): nothing made per request. */
    private static final UUID[] NO_IDS = new UUID[0];

    /** The route a handler declares; refused when it declares no route or no access. */
    static StorefrontRoute of(Handler<?> handler, Class<?> type) {
        Answers answers = type.getAnnotation(Answers.class);
        Access access = type.getAnnotation(Access.class);
        if (answers == null || access == null) {
            throw new IllegalStateException(type.getName() + " must declare the route it answers (@Answers) and who may call it (@Access)");
        }
        String[] declared = answers.value().split(" ", 2);
        List<String> segments = List.of(declared[1].substring(1).split("/"));
        List<String> names = new ArrayList<>();
        List<String> idsOf = new ArrayList<>();
        StringBuilder path = new StringBuilder();
        for (String segment : segments) {
            path.append('/');
            if (isParameter(segment)) {
                String[] parameter = segment.substring(1, segment.length() - 1).split(":", -1);
                if (parameter.length > 2 || parameter[0].isEmpty() || parameter.length == 2 && parameter[1].isEmpty()) {
                    throw new IllegalStateException(type.getName() + " declares a parameter that is neither {name} nor {name:what}: "
                            + segment);
                }
                names.add(parameter[0]);
                idsOf.add(parameter.length == 2 ? parameter[1] : null);
                path.append('{').append(parameter[0]).append('}');
            } else {
                path.append(segment);
            }
        }
        boolean isPublic = List.of(access.value()).contains(Access.PUBLIC);
        return new StorefrontRoute(declared[0], path.toString(), segments, List.copyOf(names),
                Collections.unmodifiableList(idsOf), isPublic, answers.produces(), handler, type);
    }

    /** Whether its parameter of this name is an id ({@code {name:what}}). */
    boolean isId(String name) {
        int index = names.indexOf(name);
        return index >= 0 && idsOf.get(index) != null;
    }

    /**
     * The UUIDs its id parameters name, in the parameters' order (null for a parameter that is no
     * id); 400 {@code invalid-id} when one names none.
     */
    UUID[] ids(String[] values) {
        if (values.length == 0) {
            return NO_IDS;
        }
        UUID[] ids = new UUID[values.length];
        for (int i = 0; i < values.length; i++) {
            if (idsOf.get(i) != null) {
                ids[i] = Ids.uuid(values[i], idsOf.get(i));
            }
        }
        return ids;
    }

    private static boolean isParameter(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    /** How many of its segments are literal: the more, the earlier it is tried. */
    int literals() {
        return (int) segments.stream().filter(segment -> !isParameter(segment)).count();
    }

    /** The parameters' values when {@code parts} (a path split at '/', the empty first part left out) match, else null. */
    String[] match(String[] parts) {
        if (parts.length != segments.size()) {
            return null;
        }
        String[] values = new String[names.size()];
        int next = 0;
        for (int i = 0; i < parts.length; i++) {
            String segment = segments.get(i);
            if (isParameter(segment)) {
                if (parts[i].isEmpty()) {
                    return null;
                }
                values[next++] = parts[i];
            } else if (!segment.equals(parts[i])) {
                return null;
            }
        }
        return values;
    }

    /** Whether it answers a request of this method (HEAD where it answers GET). */
    boolean answersMethod(String requested) {
        return method.equals(requested) || ("HEAD".equals(requested) && "GET".equals(method));
    }
}
