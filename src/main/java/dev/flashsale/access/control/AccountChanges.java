package dev.flashsale.access.control;

import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

/**
 * What every change of a user does after it, in the changing transaction: it is audited, and when
 * it raised the user's credentials version, so is the end of the user's console sessions made
 * before, with why (never a secret); this node then reads its users again once the change commits.
 */
@ApplicationScoped
public class AccountChanges {

    @Inject
    AccountBook accounts;

    @Inject
    AuditTrail audit;

    @Inject
    Event<AccountsChanged> changed;

    /** A change that left the user's credentials as they were (an add, an enable). */
    public Account recorded(AuditAction action, String username, String detail) {
        return recorded(action, username, detail, null);
    }

    /**
     * @param sessionsEndedReason for a change that raised the user's credentials version, why its
     *        console sessions made before end; else null
     * @return the account as it is now
     */
    public Account recorded(AuditAction action, String username, String detail, String sessionsEndedReason) {
        audit.record(action, "user:" + username, detail);
        if (sessionsEndedReason != null) {
            audit.record(AuditAction.USER_SESSIONS_ENDED, "user:" + username, "reason=" + sessionsEndedReason);
        }
        changed.fire(new AccountsChanged(username));
        return existing(username);
    }

    public Account existing(String username) {
        return accounts.find(username).orElseThrow(() -> unknown(username));
    }

    public static ProblemException unknown(String username) {
        return ProblemException.notFound("user", "There is no user " + username);
    }
}
