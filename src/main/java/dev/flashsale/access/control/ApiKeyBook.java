package dev.flashsale.access.control;

import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code api_key} table. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ApiKeyBook {

    @Inject
    Statements sql;

    public void insert(UUID id, String name, String prefix, String keySha256, String createdBy) {
        sql.named("access/insert_api_key")
                .with("id", id)
                .with("name", name)
                .with("prefix", prefix)
                .with("keySha256", keySha256)
                .with("createdBy", createdBy)
                .update();
    }

    /** @return the key's name, or empty when it is unknown or already revoked */
    public Optional<String> revoke(UUID id) {
        List<?> rows = sql.named("access/revoke_api_key").with("id", id).values();
        return rows.stream().findFirst().map(Object::toString);
    }

    public List<ApiKey> list() {
        List<Tuple> rows = sql.named("access/find_api_keys").rows();
        return rows.stream().map(row -> new ApiKey(Rows.uuid(row, "id"), Rows.text(row, "name"), Rows.text(row, "prefix"),
                Rows.text(row, "created_by"), Rows.instant(row, "created_at"), Rows.instant(row, "revoked_at"))).toList();
    }
}
