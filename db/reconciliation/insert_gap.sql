INSERT INTO reconciliation_gap (run_id, sku, kind, action, postgres_value, other_value, detail)
VALUES (:runId, :sku, :kind, :action, :postgresValue, :otherValue, :detail)
