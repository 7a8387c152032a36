package dev.flashsale.console;

import dev.flashsale.access.boundary.AccountAdmin;
import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.access.entity.NewPassword;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/**
 * Users, for administrators: add one, disable or enable one, reset a password. The rules (name,
 * password, role) are the boundary's, checked as for the admin API; their refusals show on the page.
 */
@Named
@ViewScoped
public class UsersView implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    transient AccountAdmin accounts;

    @Inject
    transient ConsoleActions actions;

    private String username;
    private String password;
    private String role = "viewer";
    private String resetUser;
    private String resetPassword;
    private final Shown<List<Account>> list = Shown.list();

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getUsers();
    }

    public List<Account> getUsers() {
        return list.get(actions, accounts::list);
    }

    public void add() {
        NewAccount account = new NewAccount(username, password, role);
        if (!actions.valid("usersForm", account)) {
            return;
        }
        actions.attempt("usersForm:username", () -> accounts.add(account)).ifPresent(added -> {
            actions.info("User " + added.username() + " added");
            username = null;
            password = null;
            list.forget();
        });
    }

    public void disable(String user) {
        actions.attempt(null, () -> accounts.disable(user)).ifPresent(this::changed);
    }

    public void enable(String user) {
        actions.attempt(null, () -> accounts.enable(user)).ifPresent(this::changed);
    }

    public void reset() {
        NewPassword reset = new NewPassword(resetPassword);
        if (!actions.valid("resetForm", reset)) {
            return;
        }
        if (actions.done("resetForm:password", () -> accounts.resetPassword(resetUser, reset.password()))) {
            actions.info("Password of " + resetUser + " reset");
            resetPassword = null;
        }
    }

    private void changed(Account account) {
        actions.info(account.username() + (account.enabled() ? " enabled" : " disabled"));
        list.forget();
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }

    public String getResetUser() {
        return resetUser;
    }

    public void setResetUser(String resetUser) {
        this.resetUser = resetUser;
    }

    public String getResetPassword() {
        return resetPassword;
    }

    public void setResetPassword(String resetPassword) {
        this.resetPassword = resetPassword;
    }
}
