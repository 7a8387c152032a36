package dev.flashsale.security;

import dev.flashsale.security.AdversaryCampaign.Tried;
import dev.flashsale.security.SecretsInAnswers.Kind;
import dev.flashsale.testsupport.Accounts;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoleMatrix;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One adversary run's console users (one or two) whose credentials change while they browse: each
 * is given a role, one to three console sessions and one change, drawn from the run's seed: an
 * administrator's password reset, role change or disable, or its own password change in the
 * console or over the admin API. Its sessions open pages its role may open meanwhile. After
 * the run every session started before the change must be sent to the login page within the
 * account refresh of the tests' server, but the one a change in the console was made from, which
 * goes on (docs/roles.md, "What ends a console session").
 */
final class CredentialChanges {

    /** flashsale.admin.account-refresh-ms of the tests' server (the product's default). */
    private static final Duration REFRESH = Duration.ofSeconds(5);
    private static final String PAGE = "console/sales.xhtml";

    enum Change { RESET, ROLE, DISABLE, OWN_IN_THE_CONSOLE, OWN_OVER_THE_API }

    /** A user, the name its change is sent to (its own, but under the foil), what it changes to, and its sessions. */
    private record User(String name, String role, String changed, Change change, String newValue, List<ConsoleSession> sessions) {
    }

    private final Api admin;
    private final SecretsInAnswers secrets;
    private final List<User> users = new ArrayList<>();
    private final Map<User, Integer> answered = new ConcurrentHashMap<>();
    /** When each change was answered (nanos). */
    private final Map<User, Long> changedAt = new ConcurrentHashMap<>();
    /** What a change that was not made was answered with, for the violation's text. */
    private final Map<User, String> refusals = new ConcurrentHashMap<>();
    private final Map<User, ConsoleSession.Page> accountPages = new ConcurrentHashMap<>();

    /**
     * Adds the users and logs their sessions in.
     *
     * @param twins the foil: every change is a password reset of another user of the same role, so
     *              that no session of these users has a reason to end
     * @param actions where the changes and the pages opened meanwhile are added, to run with the run's others
     */
    CredentialChanges(Api admin, Random random, SecretsInAnswers secrets, boolean twins, List<Callable<Tried>> actions) {
        this.admin = admin;
        this.secrets = secrets;
        int count = 1 + random.nextInt(2);
        for (int i = 0; i < count; i++) {
            String role = RoleMatrix.ROLES.get(random.nextInt(RoleMatrix.ROLES.size()));
            Change change = twins ? Change.RESET : Change.values()[random.nextInt(Change.values().length)];
            String name = added(role);
            String changed = twins ? added(role) : name;
            String newValue = change == Change.ROLE
                    ? RoleMatrix.ROLES.stream().filter(other -> !other.equals(role)).toList().get(random.nextInt(2))
                    : "adversary-new-password-" + name + "-" + random.nextInt(1_000_000);
            if (change != Change.ROLE && change != Change.DISABLE) {
                secrets.minted(Kind.PASSWORD, newValue);
            }
            List<ConsoleSession> sessions = new ArrayList<>();
            int sessionCount = 1 + random.nextInt(2) + (change == Change.OWN_IN_THE_CONSOLE ? 1 : 0);
            for (int s = 0; s < sessionCount; s++) {
                sessions.add(new ConsoleSession(admin.base()).login(name, Accounts.password(name)));
            }
            User user = new User(name, role, changed, change, newValue, sessions);
            users.add(user);
            if (change == Change.OWN_IN_THE_CONSOLE) {
                accountPages.put(user, page(user, sessions.get(0), "console/account.xhtml"));
            }
            actions.add(() -> change(user));
            List<String> pages = RoleMatrix.read().stream().filter(RoleMatrix.Cell::isConsolePage)
                    .filter(cell -> cell.allowed().get(role)).map(cell -> cell.path().substring(1)).toList();
            for (ConsoleSession session : sessions) {
                for (int p = random.nextInt(2); p > 0; p--) {
                    String path = pages.get(random.nextInt(pages.size()));
                    actions.add(() -> browse(user, session, path));
                }
            }
        }
    }

    /** A new user of the role; its password and its hash are secrets of the run. */
    private String added(String role) {
        String name = Accounts.add(admin, role);
        secrets.minted(Kind.PASSWORD, Accounts.password(name));
        secrets.minted(Kind.PASSWORD_HASH, hashOf(name));
        if (role.equals("administrator")) {
            secrets.administrator(name);
        }
        return name;
    }

    static String hashOf(String user) {
        return Db.text("SELECT password_hash FROM app_user WHERE username = ?", user);
    }

    private Tried change(User user) {
        long started = System.nanoTime();
        String users = "api/admin/users/" + user.changed();
        int status = switch (user.change()) {
            case RESET -> admin.adminPost(users + "/password", "{\"password\":\"" + user.newValue() + "\"}").status();
            case ROLE -> admin.adminPut(users + "/role", "{\"role\":\"" + user.newValue() + "\"}").status();
            case DISABLE -> admin.adminPost(users + "/disable", "{}").status();
            case OWN_OVER_THE_API -> admin.post("api/admin/me/password", "{\"currentPassword\":\"" + Accounts.password(user.name())
                    + "\",\"newPassword\":\"" + user.newValue() + "\"}", "Authorization", Api.basic(user.name(),
                    Accounts.password(user.name()))).status();
            case OWN_IN_THE_CONSOLE -> ownInTheConsole(user);
        };
        answered.put(user, status);
        changedAt.put(user, System.nanoTime());
        return new Tried("credentials " + user.change() + " of a user (" + user.role() + ")", null, null, started, status, "", null);
    }

    /** @return 200 when the account page said the password changed, else the page's status (or 0) */
    private int ownInTheConsole(User user) {
        ConsoleSession.Page changed = user.sessions().get(0).ajax("console/account.xhtml", accountPages.get(user), "accountForm",
                "accountForm:change", "accountForm", Map.of("accountForm:currentPassword", Accounts.password(user.name()),
                        "accountForm:newPassword", user.newValue()));
        secrets.seen(user.name(), "account.xhtml (change)", changed.status(), changed.body());
        refusals.put(user, changed + " " + changed.body().substring(0, Math.min(300, changed.body().length())));
        return changed.updates() && changed.body().contains("Password changed") ? 200 : changed.status() == 200 ? 0 : changed.status();
    }

    private Tried browse(User user, ConsoleSession session, String path) {
        long started = System.nanoTime();
        ConsoleSession.Page page = page(user, session, path);
        return new Tried("console " + path + " of a user (" + user.role() + ")", null, null, started, page.status(), "", null);
    }

    /** @return the page, or one of status -1 whose body says why there was no answer */
    private ConsoleSession.Page page(User user, ConsoleSession session, String path) {
        ConsoleSession.Page page;
        try {
            page = session.get(path);
        } catch (UncheckedIOException noAnswer) {
            return new ConsoleSession.Page(-1, "", "no answer: " + noAnswer.getCause());
        }
        secrets.seen(user.name(), path, page.status(), page.body());
        return page;
    }

    /**
     * Each change made, and each session started before it ended within the refresh, but the one a
     * console change came from. The sessions are watched together, so a run's verdict takes one
     * refresh at the most, not one per session.
     */
    void judge(List<String> violations) {
        Map<ConsoleSession, User> ending = new LinkedHashMap<>();
        for (User user : users) {
            secrets.minted(Kind.PASSWORD_HASH, hashOf(user.changed()));
            int status = answered.getOrDefault(user, -1);
            if (status / 100 != 2) {
                violations.add("the " + user.change() + " of a user (" + user.role() + ") was not made: " + status
                        + (refusals.containsKey(user) ? " (" + refusals.get(user) + ")" : ""));
                continue;
            }
            for (int s = 0; s < user.sessions().size(); s++) {
                ConsoleSession session = user.sessions().get(s);
                if (s == 0 && user.change() == Change.OWN_IN_THE_CONSOLE) {
                    ConsoleSession.Page kept = page(user, session, PAGE);
                    if (kept.status() != 200) {
                        violations.add("the session a user (" + user.role() + ") changed its password from was ended: " + kept);
                    }
                    continue;
                }
                ending.put(session, user);
            }
        }
        // A session is judged by the requests sent after its user's change: one sent more than the
        // refresh after it that still opens a page is the violation, however long a busy machine
        // takes to answer it (the tests' server made the change itself, so it knows it at once).
        while (!ending.isEmpty()) {
            for (Iterator<Map.Entry<ConsoleSession, User>> sessions = ending.entrySet().iterator(); sessions.hasNext(); ) {
                Map.Entry<ConsoleSession, User> session = sessions.next();
                User user = session.getValue();
                long sent = System.nanoTime();
                ConsoleSession.Page page = page(user, session.getKey(), PAGE);
                if (page.sendsToLogin()) {
                    sessions.remove();
                } else if (sent - changedAt.get(user) > REFRESH.toNanos()) {
                    violations.add("a console session of a user (" + user.role() + ") started before its " + user.change()
                            + (page.status() < 0 ? " got " + page.body() : " still opens pages") + " "
                            + REFRESH.toSeconds() + " s after it");
                    sessions.remove();
                }
            }
            if (!ending.isEmpty()) {
                Pause.millis(200);
            }
        }
    }
}
