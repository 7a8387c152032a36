package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AccountBook;
import dev.flashsale.access.control.AccountChanges;
import dev.flashsale.access.control.Passwords;
import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The console's and admin API's users, managed by administrators only: listed, added, disabled
 * and enabled again, given another role, their passwords reset. A disabled user's next request is
 * refused ({@link dev.flashsale.access.control.EnabledAccounts} says how soon on other nodes). An
 * administrator cannot disable themselves or change their own role, nor disable or demote the last
 * enabled administrator.
 * Every user's own account is {@link OwnAccount}'s.
 *
 * <p>A disable, a role change and a password set raise the user's credentials version, which ends
 * its console sessions made before ({@link ConsoleSessions}); each is audited with an event
 * {@code user.sessions-ended} that says why.
 */
@Stateless
@DeclareRoles({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed(Roles.ADMINISTRATOR)
public class AccountAdmin {

    @Inject
    AccountBook accounts;

    @Inject
    Passwords passwords;

    @Inject
    AccountChanges changes;

    @Resource
    SessionContext session;

    public List<Account> list() {
        return accounts.list();
    }

    public Account add(NewAccount account) {
        if (!accounts.insert(account.username(), passwords.hash(account.password()), account.role())) {
            throw ProblemException.conflict("username-taken", "Username taken",
                    "There is already a user " + account.username());
        }
        return changes.recorded(AuditAction.USER_ADD, account.username(), "role=" + account.role());
    }

    /** Disabled at once; disabling a disabled user changes nothing. */
    public Account disable(String username) {
        Account account = othersAccount(username, "disable their own account");
        if (!account.enabled()) {
            return account;
        }
        if (!accounts.disable(username)) {
            throw lastAdministrator(username);
        }
        return changes.recorded(AuditAction.USER_DISABLE, username, "", "disable");
    }

    /** Enabling an enabled user changes nothing. */
    public Account enable(String username) {
        Account account = changes.existing(username);
        return accounts.enable(username) ? changes.recorded(AuditAction.USER_ENABLE, username, "") : account;
    }

    /** The same role changes nothing. */
    public Account changeRole(String username, String role) {
        Account account = othersAccount(username, "change their own role");
        if (account.role().equals(role)) {
            return account;
        }
        if (!accounts.setRole(username, role)) {
            throw lastAdministrator(username);
        }
        return changes.recorded(AuditAction.USER_ROLE_CHANGE, username, "role=" + role, "role-change");
    }

    public void resetPassword(String username, String password) {
        if (accounts.setPassword(username, passwords.hash(password)).isEmpty()) {
            throw AccountChanges.unknown(username);
        }
        changes.recorded(AuditAction.USER_PASSWORD_RESET, username, "", "password-reset");
    }

    /** Another user's account: an administrator does not {@code change} their own. */
    private Account othersAccount(String username, String change) {
        Account account = changes.existing(username);
        if (account.username().equals(session.getCallerPrincipal().getName())) {
            throw ProblemException.conflict("own-account", "Own account",
                    "An administrator cannot " + change + "; another administrator can");
        }
        return account;
    }

    private static ProblemException lastAdministrator(String username) {
        return ProblemException.conflict("last-administrator", "Last administrator",
                username + " is the last enabled administrator: enable or add another first");
    }

}
