package dev.flashsale.platform.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.rest.RestApplication;
import dev.flashsale.platform.web.ApiPaths;
import dev.flashsale.testhooks.UndeclaredHookResource;
import dev.flashsale.testsupport.RoleMatrix;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.annotation.WebServlet;
import jakarta.ws.rs.ApplicationPath;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every route the application serves, found by reflection over the compiled classes (the
 * product's and the tests' hooks, which the tests deploy): each storefront handler, each JAX-RS
 * resource method and each servlet or filter declares its {@link Access}, and the declarations
 * agree with the role matrix of docs/roles.md for the admin API (whose calls the container's
 * constraints in web.xml enforce by path, and RoleMatrixIT tries); everything else under /api is the
 * storefront's, by API key, checked by its pipeline. The REST framework serves only the admin API.
 */
class RouteDeclarationsTest {

    @Test
    void everyResourceMethodDeclaresWhoMayCallIt() throws Exception {
        List<String> undeclared = new ArrayList<>();
        for (Route route : routes()) {
            if (route.access().isEmpty() && !route.handler().startsWith(UndeclaredHookResource.class.getName() + "#")) {
                undeclared.add(route.method() + " " + route.path() + " (" + route.handler() + ")");
            }
        }
        assertEquals(List.of(), undeclared, "routes without @Access: they are refused as not found");
    }

    @Test
    void everyServletAndFilterDeclaresWhoMayCallIt() throws Exception {
        List<String> undeclared = new ArrayList<>();
        int seen = 0;
        for (Class<?> type : compiledClasses()) {
            WebFilter filter = type.getAnnotation(WebFilter.class);
            WebServlet servlet = type.getAnnotation(WebServlet.class);
            if (filter == null && servlet == null) {
                continue;
            }
            seen++;
            if (!type.isAnnotationPresent(Access.class)) {
                undeclared.add(type.getName() + " at " + (filter != null ? patterns(filter.value(), filter.urlPatterns())
                        : patterns(servlet.value(), servlet.urlPatterns())));
            }
        }
        assertTrue(seen >= 4, "found only " + seen + " servlets and filters");
        assertEquals(List.of(), undeclared, "servlets and filters without @Access");
    }

    @Test
    void theDeclarationsAgreeWithTheRoleMatrix() throws Exception {
        Map<String, RoleMatrix.Cell> matrix = new TreeMap<>();
        RoleMatrix.read().forEach(cell -> matrix.put(cell.toString(), cell));
        List<String> disagreeing = new ArrayList<>();
        Set<String> adminRoutes = new TreeSet<>();
        for (Route route : routes()) {
            if (route.access().isEmpty()) {
                continue;
            }
            Set<String> declared = Set.of(route.access().get().value());
            if (!ApiPaths.isAdmin(route.path())) {
                Set<String> expected = route.isPublic() ? Set.of(Access.PUBLIC) : Set.of(Roles.STOREFRONT);
                if (!declared.equals(expected)) {
                    disagreeing.add(route.method() + " " + route.path() + " declares " + new TreeSet<>(declared)
                            + ", the storefront's paths take " + expected);
                }
                continue;
            }
            String call = route.method() + " " + route.path();
            adminRoutes.add(call);
            RoleMatrix.Cell cell = matrix.get(call);
            if (cell == null) {
                disagreeing.add(call + " is not in the role matrix (" + RoleMatrix.DOCUMENT + ")");
                continue;
            }
            // A role may call when it, or a group its users get with it, is declared.
            Set<String> mayCall = new TreeSet<>();
            for (String role : RoleMatrix.ROLES) {
                if (Roles.groupsOf(role).stream().anyMatch(declared::contains)) {
                    mayCall.add(role);
                }
            }
            Set<String> documented = new TreeSet<>();
            cell.allowed().forEach((role, allowed) -> {
                if (allowed) {
                    documented.add(role);
                }
            });
            if (!mayCall.equals(documented)) {
                disagreeing.add(call + " declares " + new TreeSet<>(declared) + " (" + mayCall + " may call), the role matrix says "
                        + documented);
            }
        }
        matrix.values().stream().filter(cell -> cell.path().startsWith(ApiPaths.ADMIN + "/"))
                .filter(cell -> !adminRoutes.contains(cell.toString()))
                .forEach(cell -> disagreeing.add(cell + " is in the role matrix but no resource method answers it"));
        assertEquals(List.of(), disagreeing);
    }

    @Test
    void theRoleMatrixListsEveryConsolePage() throws Exception {
        Set<String> pages = new TreeSet<>();
        try (Stream<Path> files = Files.list(Path.of("src", "main", "webapp", "console"))) {
            files.filter(file -> file.toString().endsWith(".xhtml")).forEach(file -> pages.add("GET /console/" + file.getFileName()));
        }
        Set<String> documented = new TreeSet<>();
        RoleMatrix.read().stream().filter(RoleMatrix.Cell::isConsolePage).forEach(cell -> documented.add(cell.toString()));
        assertEquals(pages, documented);
    }

    @Test
    void theProductsOnlyPublicRouteUnderTheApiIsPing() throws Exception {
        Set<String> open = new TreeSet<>();
        for (Class<?> type : classesIn(mainClasses())) {
            Route.ofResource(type).stream().filter(Route::isPublic).forEach(route -> open.add(route.method() + " " + route.path()));
            Answers route = type.getAnnotation(Answers.class);
            Access access = type.getAnnotation(Access.class);
            if (route != null && access != null && List.of(access.value()).contains(Access.PUBLIC)) {
                open.add(route.value());
            }
        }
        assertEquals(Set.of("GET /api/ping"), open);
    }

    @Test
    void everyStorefrontHandlerDeclaresItsRouteAndWhoMayCallIt() throws Exception {
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        for (Class<?> type : classesIn(mainClasses())) {
            if (!Handler.class.isAssignableFrom(type) || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
                continue;
            }
            seen++;
            Answers route = type.getAnnotation(Answers.class);
            Access access = type.getAnnotation(Access.class);
            if (route == null || access == null) {
                wrong.add(type.getName() + " declares " + (route == null ? "no route (@Answers)" : "no access (@Access)"));
                continue;
            }
            Set<String> declared = Set.of(access.value());
            if (!declared.equals(Set.of(Access.PUBLIC)) && !declared.equals(Set.of(Roles.STOREFRONT))) {
                wrong.add(type.getName() + " declares " + declared + ": a storefront route is public or the storefront's");
            }
            if (!route.value().matches("(GET|POST|PUT|DELETE|PATCH) /api/.*") || route.value().contains(" /api/admin")) {
                wrong.add(type.getName() + " answers " + route.value() + ": storefront routes are under /api, outside /api/admin");
            }
        }
        assertTrue(seen >= 11, "found only " + seen + " storefront handlers");
        assertEquals(List.of(), wrong);
    }

    @Test
    void theRestFrameworkServesOnlyTheAdminApi() throws Exception {
        List<String> outside = new ArrayList<>();
        for (Class<?> type : classesIn(mainClasses())) {
            Route.ofResource(type).stream().filter(route -> !ApiPaths.isAdmin(route.path()))
                    .forEach(route -> outside.add(route.method() + " " + route.path() + " (" + route.handler() + ")"));
        }
        assertEquals(List.of(), outside, "a storefront route is a handler of the storefront pipeline, not a resource method");
    }

    /**
     * web.xml's {@code org.jboss.weld.context.mapping} leaves CDI's request context out of the
     * storefront's requests only: a resource method (admin API, test hooks) or a console page
     * without it would fail on its first request-scoped bean.
     */
    @Test
    void theRequestContextIsBegunForEveryRouteButTheStorefronts() throws Exception {
        Pattern begun = Pattern.compile(contextParam("org.jboss.weld.context.mapping"));
        List<String> wrong = new ArrayList<>();
        for (Class<?> type : classesIn(mainClasses())) {
            Answers route = type.getAnnotation(Answers.class);
            if (route != null && begun.matcher(concrete(route.value().substring(route.value().indexOf(' ') + 1))).matches()) {
                wrong.add("storefront route " + route.value() + " would begin the request context");
            }
        }
        for (Route route : routes()) {
            if (!begun.matcher(concrete(route.path())).matches()) {
                wrong.add(route.method() + " " + route.path() + " (" + route.handler() + ") would run without the request context");
            }
        }
        for (String other : List.of("/console/sales.xhtml", "/login.xhtml", "/api/no-such-route", "/api/salesman", "/health/ready")) {
            if (!begun.matcher(other).matches()) {
                wrong.add(other + " would run without the request context");
            }
        }
        assertEquals(List.of(), wrong);
    }

    /**
     * web.xml's security constraints guard, under {@code /api}, only what {@link ApiPaths} calls the
     * admin's: a constraint on a storefront path would put the container's login in front of a
     * key's call, and the admin API's paths are all constrained.
     */
    @Test
    void theContainersConstraintsUnderTheApiAreTheAdminsPaths() throws Exception {
        Document webXml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("src", "main", "webapp", "WEB-INF", "web.xml").toFile());
        NodeList constrained = webXml.getElementsByTagName("url-pattern");
        Set<String> underTheApi = new TreeSet<>();
        for (int i = 0; i < constrained.getLength(); i++) {
            String pattern = constrained.item(i).getTextContent().strip();
            if (constrained.item(i).getParentNode().getNodeName().equals("web-resource-collection") && ApiPaths.isApi(pattern)) {
                underTheApi.add(pattern);
            }
        }
        assertTrue(underTheApi.contains(ApiPaths.ADMIN + "/*"), "the admin API is constrained: " + underTheApi);
        assertEquals(List.of(), underTheApi.stream().filter(pattern -> !ApiPaths.isAdmin(pattern.replaceFirst("/\\*$", ""))).toList(),
                "constraints on paths that are not the admin's");
    }

    /**
     * The storefront's own door (META-INF/grizzly-glassfish.xml) stands at exactly the roots of the
     * storefront's routes: a route outside them would go to the servlet container's door, a root
     * without a route would answer 404 for paths the REST framework might serve, and no root is
     * the admin's.
     */
    @Test
    void theStorefrontsDoorStandsAtTheRootsOfItsRoutes() throws Exception {
        Set<String> roots = new TreeSet<>();
        for (Class<?> type : classesIn(mainClasses())) {
            Answers route = type.getAnnotation(Answers.class);
            if (route != null) {
                String[] segments = route.value().substring(route.value().indexOf(' ') + 1).split("/");
                roots.add("/" + segments[1] + "/" + segments[2]);
            }
        }
        Document door = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("src", "main", "webapp", "META-INF", "grizzly-glassfish.xml").toFile());
        NodeList handlers = door.getElementsByTagName("http-handler");
        Set<String> standing = new TreeSet<>();
        for (int i = 0; i < handlers.getLength(); i++) {
            Element handler = (Element) handlers.item(i);
            assertEquals("dev.flashsale.storefront.StorefrontDoor", handler.getAttribute("class-name"));
            standing.add(handler.getAttribute("context-root"));
        }
        assertEquals(roots, standing, "the door's roots are the storefront routes' roots");
        assertEquals(List.of(), standing.stream().filter(root -> !ApiPaths.isStorefront(root)).toList(), "roots not the storefront's");
    }

    /** A route's path with a value in each parameter. */
    private static String concrete(String path) {
        return path.replaceAll("\\{[^}]+}", "x1");
    }

    private static String contextParam(String name) throws Exception {
        Document webXml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("src", "main", "webapp", "WEB-INF", "web.xml").toFile());
        NodeList params = webXml.getElementsByTagName("context-param");
        for (int i = 0; i < params.getLength(); i++) {
            Element param = (Element) params.item(i);
            if (name.equals(param.getElementsByTagName("param-name").item(0).getTextContent().strip())) {
                return param.getElementsByTagName("param-value").item(0).getTextContent().strip();
            }
        }
        throw new AssertionError("web.xml sets no " + name);
    }

    private static List<String> patterns(String[] values, String[] urlPatterns) {
        return Stream.concat(Stream.of(values), Stream.of(urlPatterns)).toList();
    }

    private static List<Route> routes() throws Exception {
        List<Route> routes = new ArrayList<>();
        for (Class<?> type : compiledClasses()) {
            routes.addAll(Route.ofResource(type));
        }
        assertTrue(routes.size() > 25, "found only " + routes.size() + " routes");
        assertEquals("/api", "/" + RestApplication.class.getAnnotation(ApplicationPath.class).value(), "the REST root");
        return routes;
    }

    private static List<Class<?>> compiledClasses() throws Exception {
        List<Class<?>> classes = new ArrayList<>(classesIn(mainClasses()));
        classes.addAll(classesIn(root(UndeclaredHookResource.class)));
        return classes;
    }

    private static Path mainClasses() throws URISyntaxException {
        return root(RestApplication.class);
    }

    private static Path root(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static List<Class<?>> classesIn(Path root) throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = root.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                classes.add(Class.forName(name, false, RouteDeclarationsTest.class.getClassLoader()));
            }
        }
        return classes;
    }
}
