package dev.flashsale.console;

import dev.flashsale.webhooks.boundary.WebhookAdmin;
import dev.flashsale.webhooks.entity.CreatedWebhook;
import dev.flashsale.webhooks.entity.EventType;
import dev.flashsale.webhooks.entity.WebhookInput;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The webhooks page's form: a webhook registered with its URL, events and secret (made when none
 * is given), the secret then shown once, until the form is used again or a webhook is deleted.
 */
@Named
@ViewScoped
public class WebhookForm implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    transient WebhookAdmin admin;

    @Inject
    transient ConsoleActions actions;

    @Inject
    WebhooksView view;

    private String url;
    private List<String> events = new ArrayList<>();
    private String secret;
    private CreatedWebhook created;

    public List<String> getEventNames() {
        return EventType.names();
    }

    public void create() {
        String given = secret == null || secret.isBlank() ? null : secret.strip();
        actions.attempt("webhooksForm:url", () -> admin.create(new WebhookInput(url == null ? null : url.strip(),
                List.copyOf(events), given, true))).ifPresent(webhook -> {
                    created = webhook;
                    url = null;
                    secret = null;
                    events = new ArrayList<>();
                    view.refresh();
                });
    }

    /** The secret shown once is shown no more. */
    public void forgetCreated() {
        created = null;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public List<String> getEvents() {
        return events;
    }

    public void setEvents(List<String> events) {
        this.events = events == null ? new ArrayList<>() : new ArrayList<>(events);
    }

    public String getSecret() {
        return secret;
    }

    public void setSecret(String secret) {
        this.secret = secret;
    }

    public CreatedWebhook getCreated() {
        return created;
    }
}
