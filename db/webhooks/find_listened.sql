-- Whether an enabled webhook subscribes to event :type (lets a job skip work nobody would hear of).
SELECT EXISTS (SELECT 1 FROM webhook WHERE enabled AND CAST(:type AS varchar) = ANY (events)) AS listened
