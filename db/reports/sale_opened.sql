-- When a sale was first opened, as the audit trail recorded it (null: never).
SELECT min(at) AS opened FROM audit_event WHERE action = 'sale.open' AND target = :target
