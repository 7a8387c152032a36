SELECT id, run_id, sku, kind, action, postgres_value, other_value, detail, found_at
  FROM reconciliation_gap
 WHERE run_id >= :oldestRunId
 ORDER BY id DESC
