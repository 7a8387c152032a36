INSERT INTO audit_event (actor, action, target, detail)
VALUES (:actor, :action, :target, :detail)
