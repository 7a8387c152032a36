INSERT INTO reconciliation_run (node) VALUES (:node) RETURNING id
