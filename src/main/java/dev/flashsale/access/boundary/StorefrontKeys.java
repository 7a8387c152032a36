package dev.flashsale.access.boundary;

import dev.flashsale.access.control.ApiKeyBook;
import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.access.entity.ApiKeysChanged;
import dev.flashsale.access.entity.IssuedApiKey;
import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.platform.security.Sha256;
import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * The storefronts' API keys: issued in the console or the admin API (the secret is shown once),
 * listed by name and prefix, revoked for good; by administrators only, so that whoever sets up
 * sales cannot mint credentials.
 */
@Stateless
@DeclareRoles({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed(Roles.ADMINISTRATOR)
public class StorefrontKeys {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int PREFIX_LENGTH = 12;

    @Inject
    ApiKeyBook keys;

    @Inject
    AuditTrail audit;

    @Inject
    Event<ApiKeysChanged> changed;

    @Resource
    SessionContext session;

    public List<ApiKey> list() {
        return keys.list();
    }

    public IssuedApiKey issue(String name) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String key = "fsk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        UUID id = UUID.randomUUID();
        String prefix = key.substring(0, PREFIX_LENGTH);
        keys.insert(id, name.strip(), prefix, Sha256.hex(key), session.getCallerPrincipal().getName());
        audit.record(AuditAction.APIKEY_ISSUE, "apikey:" + id, "name=" + name.strip() + ", prefix=" + prefix);
        changed.fire(new ApiKeysChanged());
        return new IssuedApiKey(id, name.strip(), prefix, key);
    }

    public void revoke(UUID id) {
        String name = keys.revoke(id).orElseThrow(() -> ProblemException.notFound("api-key",
                "There is no live API key " + id + " (unknown, or revoked already)"));
        audit.record(AuditAction.APIKEY_REVOKE, "apikey:" + id, "name=" + name);
        changed.fire(new ApiKeysChanged());
    }
}
