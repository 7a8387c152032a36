package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AccountBook;
import dev.flashsale.access.control.Passwords;
import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.List;

/** The console's and admin API's users: listed by anyone who may log in, added by merchandisers. */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
public class AccountAdmin {

    @Inject
    AccountBook accounts;

    @Inject
    Passwords passwords;

    @Inject
    AuditTrail audit;

    @Inject
    Event<AccountsChanged> changed;

    public List<Account> list() {
        return accounts.list();
    }

    @RolesAllowed(Roles.MERCHANDISER)
    public Account add(NewAccount account) {
        if (!accounts.insert(account.username(), passwords.hash(account.password()), account.role())) {
            throw ProblemException.conflict("username-taken", "Username taken",
                    "There is already a user " + account.username());
        }
        audit.record("user.add", "user:" + account.username(), "role=" + account.role());
        changed.fire(new AccountsChanged(account.username()));
        return accounts.list().stream().filter(a -> a.username().equals(account.username())).findFirst().orElseThrow();
    }
}
