import pg from 'pg';

/**
 * Vitest setup file of the server project. On PostgreSQL (DATABASE_URL set, as CI's second pass
 * does) each Vitest worker gets a database of its own, `<name>_w<pool id>`, created empty on first
 * use (the test app migrates it like any database), so test files run two at a time as they do on
 * PGlite: a worker started by one file can never claim the reports of a file running beside it.
 * Files of one Vitest worker run one after another and share its database, as all files shared
 * the one database before. Processes a test spawns (worker processes, the crawl kill) inherit the
 * rewritten DATABASE_URL.
 */
// The address as the run gave it, kept aside: the files of one Vitest worker share its process
// (the server project does not isolate them), and this runs again before each of them.
if (process.env.CRAWLWISE_TEST_DATABASE_URL === undefined && process.env.DATABASE_URL) {
  process.env.CRAWLWISE_TEST_DATABASE_URL = process.env.DATABASE_URL;
}
const base = process.env.CRAWLWISE_TEST_DATABASE_URL;
const pool = process.env.VITEST_POOL_ID;

if (base && pool) {
  const url = new URL(base);
  const name = `${url.pathname.replace(/^\//, '') || 'test'}_w${pool}`;
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`unexpected test database name ${name}`);
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database "${name}"`);
      } catch (error) {
        // Another run's worker of the same pool id made it in between: use it.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
