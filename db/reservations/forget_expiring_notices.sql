-- Forgets up to :batch announcements of deadlines an hour past (the holds ran out or moved on).
DELETE FROM hold_expiring_notice
 WHERE (reservation_id, expires_at) IN (SELECT reservation_id, expires_at
                                          FROM hold_expiring_notice
                                         WHERE expires_at < now() - interval '1 hour'
                                         ORDER BY expires_at
                                         LIMIT :batch)
