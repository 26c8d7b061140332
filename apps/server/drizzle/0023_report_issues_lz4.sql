-- The two large values written most often are compressed with lz4 where the server has it (issue
-- 19, throughput; bench/results): a crawled page's `issues` (~28 KB of JSON) took ~0.9 ms of the
-- database's CPU per page with the default pglz and ~0.3 ms with lz4 (measured on PostgreSQL 15
-- with 300 real rows), and a stored site report (megabytes) is written at each build and read at
-- each GET. A server built without lz4 (the embedded PGlite) keeps pglz: only new values change.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings
             WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "reports" ALTER COLUMN "issues" SET COMPRESSION lz4;
    ALTER TABLE "site_report_snapshots" ALTER COLUMN "report" SET COMPRESSION lz4;
  END IF;
END $$;
