package dev.flashsale.console;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.problem.TransientFailure;
import dev.flashsale.platform.web.ErrorPage;
import jakarta.ejb.EJBAccessException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a console action against a boundary and turns its refusals into messages on the page:
 * a business refusal shows its detail, a missing role says so, the database away for a moment
 * asks to try again, and anything else is logged with an incident id that the page shows instead
 * of internals.
 */
@ApplicationScoped
public class ConsoleActions {

    private static final Logger LOG = Logger.getLogger(ConsoleActions.class.getName());

    @Inject
    Validator validator;

    public <T> Optional<T> attempt(String clientId, Supplier<T> action) {
        try {
            return Optional.ofNullable(action.get());
        } catch (ProblemException refused) {
            error(clientId, refused.getMessage());
        } catch (EJBAccessException notAllowed) {
            error(clientId, "Your role may not do this: merchandisers change sales and holds, administrators users and keys.");
        } catch (RuntimeException failure) {
            if (TransientFailure.is(failure)) {
                LOG.warning(() -> "Database unavailable or busy for a console action: " + Causes.summary(failure));
                error(clientId, ErrorPage.UNAVAILABLE);
                return Optional.empty();
            }
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Console action failed, incident " + incident, failure);
            error(clientId, "This failed on our side. Incident " + incident);
        }
        return Optional.empty();
    }

    /** Runs an action that answers nothing, as {@link #attempt} does; whether it was done. */
    public boolean done(String clientId, Runnable action) {
        return attempt(clientId, () -> {
            action.run();
            return Boolean.TRUE;
        }).isPresent();
    }

    /**
     * Whether a command keeps its record's rules (those the admin API applies too); each field's
     * first broken rule shows next to the field, whose id in {@code form} is the property's name.
     */
    public boolean valid(String form, Object command) {
        Set<String> shown = new HashSet<>();
        validator.validate(command).stream()
                .sorted(Comparator.comparing((ConstraintViolation<Object> violation) -> violation.getPropertyPath().toString())
                        .thenComparing(ConstraintViolation::getMessage))
                .filter(violation -> shown.add(violation.getPropertyPath().toString()))
                .forEach(violation -> error(form + ":" + violation.getPropertyPath(), violation.getMessage()));
        return shown.isEmpty();
    }

    public void info(String summary) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(FacesMessage.SEVERITY_INFO, summary, null));
    }

    /** An error next to the field, or on the page for {@code null}; said once however many reads of the page failed alike. */
    public void error(String clientId, String summary) {
        FacesContext faces = FacesContext.getCurrentInstance();
        boolean said = faces.getMessageList(clientId).stream().anyMatch(message -> summary.equals(message.getSummary()));
        if (!said) {
            faces.addMessage(clientId, new FacesMessage(FacesMessage.SEVERITY_ERROR, summary, null));
        }
        faces.validationFailed();
    }
}
