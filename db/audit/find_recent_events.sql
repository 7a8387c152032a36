-- The newest admin actions, optionally only those of one actor or on one target.
SELECT id, at, actor, action, target, detail
  FROM audit_event
 WHERE (:actor = '' OR actor = :actor)
   AND (:target = '' OR target = :target)
 ORDER BY id DESC
 LIMIT :limit
