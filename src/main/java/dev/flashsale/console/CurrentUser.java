package dev.flashsale.console;

import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.security.enterprise.SecurityContext;
import java.security.Principal;

/** Who is looking at the console, and whether the page should offer changes. */
@Named("me")
@RequestScoped
public class CurrentUser {

    @Inject
    SecurityContext security;

    public String getName() {
        Principal caller = security.getCallerPrincipal();
        return caller == null ? "" : caller.getName();
    }

    /** Changes sales, rooms and holds: a merchandiser, or an administrator. */
    public boolean isMerchandiser() {
        return security.isCallerInRole(Roles.MERCHANDISER);
    }

    /** Manages users and storefront keys. */
    public boolean isAdministrator() {
        return security.isCallerInRole(Roles.ADMINISTRATOR);
    }

    public String getRole() {
        return isAdministrator() ? Roles.ADMINISTRATOR : isMerchandiser() ? Roles.MERCHANDISER : Roles.VIEWER;
    }
}
