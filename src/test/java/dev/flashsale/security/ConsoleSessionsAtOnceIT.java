package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Accounts;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.TestServer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Logged-in console sessions of several users asking for pages at once, while admin API calls of
 * other users are checked beside them: every page is answered as its role allows (200), never 403.
 * The container, when it takes a session's caller up again, looked the caller's groups up through
 * one server-wide slot that every request of the application writes, so a request that came at
 * the wrong moment was let in without its groups and refused.
 */
@Tag("security")
class ConsoleSessionsAtOnceIT {

    private static final int SESSIONS = 6;
    private static final int PAGES_EACH = 120;
    private static final int ADMIN_CALLERS = 2;
    private static final List<String> PAGES = List.of("console/sales.xhtml", "console/audit.xhtml", "console/account.xhtml");

    @Test
    void sessionsOfManyUsersAtOnceKeepTheirRoles() throws Exception {
        Api api = new Api(TestServer.url());
        URI base = URI.create(TestServer.url().toString());
        List<ConsoleSession> sessions = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            String user = Accounts.add(api, i % 2 == 0 ? "viewer" : "merchandiser");
            sessions.add(new ConsoleSession(base).login(user, Accounts.password(user)));
        }
        List<String> callers = new ArrayList<>();
        for (int i = 0; i < ADMIN_CALLERS; i++) {
            callers.add(Accounts.add(api, "viewer"));
        }
        Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
        AtomicInteger pagesLeft = new AtomicInteger(SESSIONS);
        List<Callable<Void>> work = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            ConsoleSession session = sessions.get(i);
            work.add(() -> {
                try {
                    for (int n = 0; n < PAGES_EACH; n++) {
                        String page = PAGES.get(n % PAGES.size());
                        statuses.computeIfAbsent(page + " " + session.get(page).status(), k -> new AtomicInteger()).incrementAndGet();
                    }
                } finally {
                    pagesLeft.decrementAndGet();
                }
                return null;
            });
        }
        for (String caller : callers) {
            work.add(() -> {
                while (pagesLeft.get() > 0) {
                    api.get("api/admin/sales?limit=1", "Authorization", Api.basic(caller, Accounts.password(caller)));
                }
                return null;
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(work.size());
        try {
            for (Future<Void> done : pool.invokeAll(work)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }
        int answered = statuses.values().stream().mapToInt(AtomicInteger::get).sum();
        assertEquals(SESSIONS * PAGES_EACH, answered);
        assertTrue(statuses.keySet().stream().allMatch(key -> key.endsWith(" 200")), "every page answered 200: " + statuses);
    }
}
