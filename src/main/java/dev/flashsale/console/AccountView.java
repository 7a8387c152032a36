package dev.flashsale.console;

import dev.flashsale.access.boundary.OwnAccount;
import dev.flashsale.access.boundary.ConsoleSessions;
import dev.flashsale.access.entity.PasswordChange;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The user's own account: change one's password, the current one required (the boundary's rules).
 * The session the change is made from goes on; the user's other console sessions end.
 */
@Named
@RequestScoped
public class AccountView {

    @Inject
    OwnAccount account;

    @Inject
    ConsoleActions actions;

    @Inject
    ClientAddress addresses;

    private String currentPassword;
    private String newPassword;

    public void change() {
        PasswordChange change = new PasswordChange(currentPassword, newPassword);
        if (!actions.valid("accountForm", change)) {
            return;
        }
        HttpServletRequest request = (HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest();
        actions.attempt("accountForm:currentPassword", () -> account.changeOwnPassword(change, addresses.of(request)))
                .ifPresent(version -> {
                    ConsoleSessions.keepAfterOwnChange(request, version);
                    actions.info("Password changed");
                    currentPassword = null;
                    newPassword = null;
                });
    }

    public String getCurrentPassword() {
        return currentPassword;
    }

    public void setCurrentPassword(String currentPassword) {
        this.currentPassword = currentPassword;
    }

    public String getNewPassword() {
        return newPassword;
    }

    public void setNewPassword(String newPassword) {
        this.newPassword = newPassword;
    }
}
