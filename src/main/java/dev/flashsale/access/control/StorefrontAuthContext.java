package dev.flashsale.access.control;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.TransientFailure;
import dev.flashsale.platform.web.ApiPaths;
import jakarta.security.auth.message.AuthException;
import jakarta.security.auth.message.AuthStatus;
import jakarta.security.auth.message.MessageInfo;
import jakarta.security.auth.message.config.ServerAuthContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import javax.security.auth.Subject;

/**
 * The container's authentication step: the storefront API's paths are the storefront pipeline's,
 * which checks their API keys itself, so here they pass untouched; every other path is handed to
 * Jakarta Security's own context (the console's form login, the admin API's Basic). Jakarta
 * Security's bridge looks its mechanism up through JNDI and the bean manager twice per request,
 * which cost a storefront refusal about a sixth of its time; the storefront needs none of what it
 * offers (sessions, login pages, interceptors).
 *
 * <p>The container is told of no caller: its callback handler looks the default realm up under
 * a lock every request takes ({@code Realm.getDefaultRealm}), and a role constraint makes its
 * policy check take another (JACC's protection domains); in a JFR recording of a sold-out crowd
 * those two locks held the request threads longer than all their work. The storefront's paths
 * carry no container constraint (web.xml).
 *
 * <p>A Basic login to the admin API that the failed-login limits refuse already is refused here
 * too (429, {@link AdminApiLogin#refusedThrottled}): a password guesser's every further try then
 * costs map lookups, not Jakarta Security's whole pass, while the storefront sells.
 */
public final class StorefrontAuthContext implements ServerAuthContext {

    private static final String HANDLED = StorefrontAuthContext.class.getName() + ".handled";

    private final ServerAuthContext others;
    private final Challenges challenges;
    private final AdminApiLogin admin;

    public StorefrontAuthContext(ServerAuthContext others, Challenges challenges, AdminApiLogin admin) {
        this.others = others;
        this.challenges = challenges;
        this.admin = admin;
    }

    @Override
    public AuthStatus validateRequest(MessageInfo message, Subject client, Subject service) throws AuthException {
        HttpServletRequest request = (HttpServletRequest) message.getRequestMessage();
        HttpServletResponse response = (HttpServletResponse) message.getResponseMessage();
        String path = Authentication.path(request);
        if (Authentication.hasPathParameters(request, path)) {
            challenges.refuse(request, response, Authentication.NO_PATH_PARAMETERS);
            return AuthStatus.SEND_FAILURE;
        }
        if (!ApiPaths.isStorefront(path)) {
            if (ApiPaths.isAdmin(path) && admin.refusedThrottled(request, response)) {
                return AuthStatus.SEND_FAILURE;
            }
            return checkedByOthers(message, client, service, request, response);
        }
        message.getMap().put(HANDLED, Boolean.TRUE);
        return AuthStatus.SUCCESS;
    }

    /**
     * Jakarta Security's check of a user, which reads {@code app_user} for a password this node has
     * not checked recently: when the database is away for a moment, the caller gets the 503 with
     * Retry-After that any other call needing the database gets, not the container's empty 500.
     */
    private AuthStatus checkedByOthers(MessageInfo message, Subject client, Subject service,
                                       HttpServletRequest request, HttpServletResponse response) throws AuthException {
        try {
            return others.validateRequest(message, client, service);
        } catch (RuntimeException | AuthException failure) {
            if (!TransientFailure.is(failure)) {
                throw failure;
            }
            challenges.unavailable(request, response, ProblemAnswer.ofFailure(failure));
            return AuthStatus.SEND_FAILURE;
        }
    }

    @Override
    public AuthStatus secureResponse(MessageInfo message, Subject service) throws AuthException {
        if (message.getMap().containsKey(HANDLED)) {
            return AuthStatus.SEND_SUCCESS;
        }
        return others.secureResponse(message, service);
    }

    @Override
    public void cleanSubject(MessageInfo message, Subject subject) throws AuthException {
        others.cleanSubject(message, subject);
    }
}
