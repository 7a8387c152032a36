package dev.flashsale.access.control;

import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code api_key} table. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ApiKeyBook {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    public void insert(UUID id, String name, String prefix, String keySha256, String createdBy) {
        em.createNativeQuery(sql.get("access/insert_api_key"))
                .setParameter("id", id)
                .setParameter("name", name)
                .setParameter("prefix", prefix)
                .setParameter("keySha256", keySha256)
                .setParameter("createdBy", createdBy)
                .executeUpdate();
    }

    /** @return the key's name, or empty when it is unknown or already revoked */
    public Optional<String> revoke(UUID id) {
        List<?> rows = em.createNativeQuery(sql.get("access/revoke_api_key")).setParameter("id", id).getResultList();
        return rows.stream().findFirst().map(Object::toString);
    }

    public List<ApiKey> list() {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_api_keys"), Tuple.class).getResultList();
        return rows.stream().map(row -> new ApiKey(Rows.uuid(row, "id"), Rows.text(row, "name"), Rows.text(row, "prefix"),
                Rows.text(row, "created_by"), Rows.instant(row, "created_at"), Rows.instant(row, "revoked_at"))).toList();
    }
}
