package dev.flashsale.console;

import dev.flashsale.access.entity.CheckedLogin;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.SecurityContext;
import jakarta.security.enterprise.authentication.mechanism.http.AuthenticationParameters;
import jakarta.security.enterprise.credential.Password;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.io.IOException;

/** The login form, and logout. */
@Named
@RequestScoped
public class LoginView {

    @Inject
    SecurityContext security;

    @NotBlank(message = "Enter your user name")
    @Size(max = 64)
    private String username;

    @NotBlank(message = "Enter your password")
    @Size(max = 200)
    private String password;

    public void login() throws IOException {
        FacesContext faces = FacesContext.getCurrentInstance();
        ExternalContext external = faces.getExternalContext();
        HttpServletRequest request = (HttpServletRequest) external.getRequest();
        AuthenticationStatus status = security.authenticate(request, (HttpServletResponse) external.getResponse(),
                // Not marked as a new authentication: Soteria would keep that mark in the session
                // after a failed attempt, and the next protected page would come back empty.
                AuthenticationParameters.withParams()
                        .credential(new UsernamePasswordCredential(username, new Password(password))));
        switch (status) {
            case SEND_CONTINUE -> {
                // Sent back to the page that asked for the login.
                request.changeSessionId();
                faces.responseComplete();
            }
            case SUCCESS -> {
                request.changeSessionId();
                external.redirect(external.getRequestContextPath() + "/console/sales.xhtml");
            }
            default -> faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal(request), null));
        }
    }

    private static String refusal(HttpServletRequest request) {
        Object wait = request.getAttribute(CheckedLogin.RETRY_AFTER_ATTRIBUTE);
        return wait == null ? "Wrong user or password"
                : "Too many failed logins of this user or from this address: try again in " + wait + " s";
    }

    public void logout() throws IOException, ServletException {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        ((HttpServletRequest) external.getRequest()).logout();
        external.invalidateSession();
        external.redirect(external.getRequestContextPath() + "/login.xhtml?bye=true");
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
}
