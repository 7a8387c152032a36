package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AccountBook;
import dev.flashsale.access.control.PasswordCheck;
import dev.flashsale.access.control.Passwords;
import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.access.entity.PasswordChange;
import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import java.util.List;

/**
 * The console's and admin API's users, managed by administrators only: listed, added, disabled
 * and enabled again, their passwords reset. A disabled user's next request is refused
 * ({@link dev.flashsale.access.control.EnabledAccounts} says how soon on other nodes). An
 * administrator cannot disable themselves, nor the last enabled administrator.
 *
 * <p>Every user reads their own account and changes their own password. The current password is
 * checked as a login is ({@link PasswordCheck}): a wrong one counts against the failed-login
 * limits, so that a session left open is no way to guess it.
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
    PasswordCheck check;

    @Inject
    AuditTrail audit;

    @Inject
    Event<AccountsChanged> changed;

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
        return changed(AuditAction.USER_ADD, account.username(), "role=" + account.role());
    }

    /** Disabled at once; disabling a disabled user changes nothing. */
    public Account disable(String username) {
        Account account = existing(username);
        if (account.username().equals(session.getCallerPrincipal().getName())) {
            throw ProblemException.conflict("own-account", "Own account",
                    "An administrator cannot disable their own account; another administrator can");
        }
        if (!account.enabled()) {
            return account;
        }
        if (!accounts.disable(username)) {
            throw ProblemException.conflict("last-administrator", "Last administrator",
                    username + " is the last enabled administrator: enable or add another first");
        }
        return changed(AuditAction.USER_DISABLE, username, "");
    }

    /** Enabling an enabled user changes nothing. */
    public Account enable(String username) {
        Account account = existing(username);
        return accounts.enable(username) ? changed(AuditAction.USER_ENABLE, username, "") : account;
    }

    public void resetPassword(String username, String password) {
        if (!accounts.setPassword(username, passwords.hash(password))) {
            throw unknown(username);
        }
        changed(AuditAction.USER_PASSWORD_RESET, username, "");
    }

    @RolesAllowed({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
    public Account me() {
        return existing(session.getCallerPrincipal().getName());
    }

    /** @param address the client's address, for the failed-login limits */
    @RolesAllowed({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
    public void changeOwnPassword(PasswordChange change, String address) {
        String me = session.getCallerPrincipal().getName();
        CheckedLogin current = check.check(new UsernamePasswordCredential(me, change.currentPassword()), address);
        if (current.throttled()) {
            throw current.refusal();
        }
        if (!current.valid()) {
            throw ProblemException.badRequest("wrong-current-password", "The current password is not right");
        }
        accounts.setPassword(me, passwords.hash(change.newPassword()));
        changed(AuditAction.USER_PASSWORD_CHANGE, me, "");
    }

    private Account existing(String username) {
        return accounts.find(username).orElseThrow(() -> unknown(username));
    }

    private static ProblemException unknown(String username) {
        return ProblemException.notFound("user", "There is no user " + username);
    }

    private Account changed(AuditAction action, String username, String detail) {
        audit.record(action, "user:" + username, detail);
        changed.fire(new AccountsChanged(username));
        return existing(username);
    }
}
