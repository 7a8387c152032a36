-- A report's or an export's questions see one moment of the database, and change nothing.
SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY
