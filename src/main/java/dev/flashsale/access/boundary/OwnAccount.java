package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AccountBook;
import dev.flashsale.access.control.AccountChanges;
import dev.flashsale.access.control.PasswordCheck;
import dev.flashsale.access.control.Passwords;
import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.access.entity.PasswordChange;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;

/**
 * Every user's own account: read it, and change one's own password. The current password is
 * checked as a login is ({@link PasswordCheck}): a wrong one counts against the failed-login
 * limits, so that a session left open is no way to guess it. The change raises the user's
 * credentials version, which ends its other console sessions ({@link ConsoleSessions}).
 */
@Stateless
@DeclareRoles({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
public class OwnAccount {

    @Inject
    AccountBook accounts;

    @Inject
    Passwords passwords;

    @Inject
    PasswordCheck check;

    @Inject
    AccountChanges changes;

    @Resource
    SessionContext session;

    public Account me() {
        return changes.existing(session.getCallerPrincipal().getName());
    }

    /**
     * @param address the client's address, for the failed-login limits
     * @return the caller's new credentials version, which a console session the change was made
     *         from keeps ({@link ConsoleSessions#keepAfterOwnChange})
     */
    public long changeOwnPassword(PasswordChange change, String address) {
        String me = session.getCallerPrincipal().getName();
        CheckedLogin current = check.check(new UsernamePasswordCredential(me, change.currentPassword()), address);
        if (current.throttled()) {
            throw current.refusal();
        }
        if (!current.valid()) {
            throw ProblemException.badRequest("wrong-current-password", "The current password is not right");
        }
        long version = accounts.setPassword(me, passwords.hash(change.newPassword()))
                .orElseThrow(() -> AccountChanges.unknown(me));
        changes.recorded(AuditAction.USER_PASSWORD_CHANGE, me, "", "password-change");
        return version;
    }
}
