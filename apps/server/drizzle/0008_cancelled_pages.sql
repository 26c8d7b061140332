-- A page a site-check cancel dropped is its own state, `cancelled` (issue 24), no longer a
-- `failed` report told apart by its error code. The code stays, for the report's own answer.
UPDATE "reports" SET "status" = 'cancelled'
WHERE "status" = 'failed' AND "error_code" = 'site_check_cancelled';
