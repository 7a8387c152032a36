package dev.flashsale.console;

import dev.flashsale.access.boundary.StorefrontKeys;
import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.access.entity.IssuedApiKey;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.io.Serializable;
import java.util.List;
import java.util.UUID;

/** Storefront API keys: issue one (its secret is shown once), list them, revoke one. */
@Named
@ViewScoped
public class KeysView implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    transient StorefrontKeys keys;

    @Inject
    transient ConsoleActions actions;

    @NotBlank(message = "Name the storefront that will use the key")
    @Size(max = 100, message = "At most 100 characters")
    private String name;

    private IssuedApiKey issued;
    private final Shown<List<ApiKey>> list = Shown.list();

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getKeys();
    }

    public List<ApiKey> getKeys() {
        return list.get(actions, keys::list);
    }

    public void issue() {
        actions.attempt("keysForm:name", () -> keys.issue(name)).ifPresent(key -> {
            issued = key;
            name = null;
            list.forget();
        });
    }

    public void revoke(UUID id) {
        if (actions.done(null, () -> keys.revoke(id))) {
            actions.info("Key revoked");
            issued = null;
            list.forget();
        }
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public IssuedApiKey getIssued() {
        return issued;
    }
}
