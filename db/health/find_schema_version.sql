-- The version of the newest migration Flyway applied to this database (readiness compares it
-- with the newest one the application ships).
SELECT version
  FROM flyway_schema_history
 WHERE success AND version IS NOT NULL
 ORDER BY installed_rank DESC
 LIMIT 1
