package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.RoleMatrix;
import dev.flashsale.testsupport.TestServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Every cell of the role matrix in docs/roles.md, tried against the deployed server with a user of
 * each role, and each call and page without credentials.
 *
 * <p>What a cell's answer means. Refused ({@code no}): 403, problem+json {@code forbidden} on the
 * api. Allowed ({@code yes}): the request got past the role check: any answer but 401 or 403 and
 * below 500. The calls go to objects that do not exist (a random sale id, an unknown SKU, user and
 * ticket) or carry an empty JSON body, so that a call that would change something answers 400 or
 * 404 about the request itself and changes nothing; two allowed calls do act, harmlessly: a
 * reconciliation run, and reads. Anonymous: 401 with a Basic challenge on the API, a redirect to the
 * login page in the console.
 */
@Tag("security")
@Isolated("runs reconciliation, one run at a time on the server")
class RoleMatrixIT {

    /** Set in {@link #oneUserOfEachRole}: the test server starts when a test runs, not when the class is loaded. */
    private static Api api;
    private static final Map<String, String> PASSWORDS = new LinkedHashMap<>();
    private static final Map<String, String> USERS = new LinkedHashMap<>();

    @BeforeAll
    static void oneUserOfEachRole() {
        api = new Api(TestServer.url()).withStorefrontKey(null);
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (String role : RoleMatrix.ROLES) {
            String user = "matrix-" + role + "-" + run;
            String password = "matrix-password-" + run;
            Api.Answer added = api.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password
                    + "\",\"role\":\"" + role + "\"}");
            assertEquals(201, added.status(), "a " + role + " added: " + added);
            USERS.put(role, user);
            PASSWORDS.put(role, password);
        }
    }

    @Test
    void everyCellOfTheRoleMatrixHoldsOnTheServer() {
        List<String> wrong = new ArrayList<>();
        Map<String, ConsoleSession> consoles = new LinkedHashMap<>();
        for (String role : RoleMatrix.ROLES) {
            consoles.put(role, new ConsoleSession(api.base()).login(USERS.get(role), PASSWORDS.get(role)));
        }
        List<RoleMatrix.Cell> cells = RoleMatrix.read();
        for (RoleMatrix.Cell cell : cells) {
            String path = concrete(cell.path());
            for (String role : RoleMatrix.ROLES) {
                boolean allowed = cell.allowed().get(role);
                if (cell.isConsolePage()) {
                    ConsoleSession.Page page = consoles.get(role).get(path);
                    if (allowed ? page.status() != 200 : page.status() != 403) {
                        wrong.add(cell + " as " + role + ": " + page + ", the matrix says " + (allowed ? "yes (200)" : "no (403)"));
                    }
                    continue;
                }
                Api.Answer answer = call(cell.method(), path, Api.basic(USERS.get(role), PASSWORDS.get(role)));
                boolean passed = answer.status() != 401 && answer.status() != 403 && answer.status() < 500;
                boolean refused = answer.status() == 403 && (!path.startsWith("api/") || answer.isProblem()
                        && "forbidden".equals(answer.problemType()));
                if (allowed ? !passed : !refused) {
                    wrong.add(cell + " as " + role + ": " + answer.status() + " " + answer.body() + ", the matrix says "
                            + (allowed ? "yes" : "no (403 forbidden)"));
                }
            }
            if (cell.isConsolePage()) {
                ConsoleSession.Page anonymous = new ConsoleSession(api.base()).get(path);
                if (!anonymous.sendsToLogin()) {
                    wrong.add(cell + " without a login: " + anonymous + ", not to the login page");
                }
            } else {
                Api.Answer anonymous = call(cell.method(), path, null);
                if (anonymous.status() != 401 || anonymous.wwwAuthenticate() == null || !anonymous.wwwAuthenticate().startsWith("Basic")) {
                    wrong.add(cell + " without credentials: " + anonymous + " " + anonymous.wwwAuthenticate());
                }
            }
        }
        assertEquals(List.of(), wrong, "cells of " + RoleMatrix.DOCUMENT + " (" + cells.size() + " calls and pages)");
    }

    /** The template's parameters filled with things that do not exist; the path relative to the application. */
    private static String concrete(String template) {
        return template.substring(1)
                .replace("{id}", UUID.randomUUID().toString())
                .replace("{saleId}", UUID.randomUUID().toString())
                .replace("{ticket}", "t_no-such-ticket")
                .replace("{sku}", "NO-SUCH-SKU-MATRIX")
                .replace("{username}", "no-such-user-" + UUID.randomUUID().toString().substring(0, 8));
    }

    /**
     * A change carries an empty JSON object, with its content type, as every state-changing admin
     * call must (a DELETE, which has no body, the X-Requested-By header).
     */
    private static Api.Answer call(String method, String path, String authorization) {
        String[] headers = authorization == null ? new String[0] : new String[] {"Authorization", authorization};
        return switch (method) {
            case "GET" -> api.get(path, headers);
            case "POST" -> api.post(path, "{}", headers);
            case "PUT" -> api.put(path, "{}", headers);
            // No body to carry the JSON content type: the header that says a program sends it.
            case "DELETE" -> api.delete(path, authorization == null ? new String[] {"X-Requested-By", "role-matrix"}
                    : new String[] {"Authorization", authorization, "X-Requested-By", "role-matrix"});
            default -> throw new IllegalArgumentException(method);
        };
    }
}
