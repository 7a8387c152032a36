package dev.flashsale.platform.sql;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Savepoint;
import org.hibernate.Session;

/**
 * Savepoints in the caller's transaction, on the connection its statements run on. Rolling back
 * to one undoes what the statements since did and lets go of the row locks they took: the way to
 * leave no lock behind after a statement that locked a row it then did not use.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Savepoints {

    @PersistenceContext
    EntityManager em;

    public Savepoint set() {
        return em.unwrap(Session.class).doReturningWork(connection -> connection.setSavepoint());
    }

    /** Undoes what ran since {@code savepoint} and lets go of the locks it took. */
    public void rollBackTo(Savepoint savepoint) {
        em.unwrap(Session.class).doWork(connection -> connection.rollback(savepoint));
    }
}
