package dev.flashsale.platform.sql;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the statements of {@link SqlStatements} as native queries, so that a read or a write is one
 * expression: {@code sql.named("gate/find_live_holds_of_sku").with("sku", sku.value()).rows()}.
 * No transaction of its own: a statement runs in the caller's, and outside one where the caller
 * allows a plain read.
 */
@ApplicationScoped
public class Statements {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** The statement of {@code db/<name>.sql}, nothing bound yet. */
    public Named named(String name) {
        return new Named(em, sql.get(name));
    }

    /**
     * A statement and its parameters. The query is made when the statement runs: JPA fixes a native
     * query's result type (rows as {@link Tuple}, or plain values) when it makes the query.
     */
    public static final class Named {

        private final EntityManager em;
        private final String text;
        private final Map<String, Object> parameters = new LinkedHashMap<>();

        private Named(EntityManager em, String text) {
            this.em = em;
            this.text = text;
        }

        public Named with(String parameter, Object value) {
            parameters.put(parameter, value);
            return this;
        }

        /** Every row, read by column with {@link Rows}. */
        @SuppressWarnings("unchecked")
        public List<Tuple> rows() {
            return bound(em.createNativeQuery(text, Tuple.class)).getResultList();
        }

        /** The first row, empty when there is none. Every row is fetched: no LIMIT is added to the statement. */
        public Optional<Tuple> firstRow() {
            return rows().stream().findFirst();
        }

        /** The one row; none, or more than one, is an error. */
        public Tuple singleRow() {
            return (Tuple) bound(em.createNativeQuery(text, Tuple.class)).getSingleResult();
        }

        /** The one column of every row, as the driver typed it. */
        public List<?> values() {
            return bound(em.createNativeQuery(text)).getResultList();
        }

        /** The one column of the one row; none, or more than one row, is an error. */
        public Object singleValue() {
            return bound(em.createNativeQuery(text)).getSingleResult();
        }

        /** @return the rows the statement changed */
        public int update() {
            return bound(em.createNativeQuery(text)).executeUpdate();
        }

        private Query bound(Query query) {
            parameters.forEach(query::setParameter);
            return query;
        }
    }
}
