import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { fillPlaceholders, getTableColumns, type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type {
  PgColumn,
  PgDatabase,
  PgDialect,
  PgQueryResultHKT,
  PgTable,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import {
  PgliteNamedStatements,
  type StatementPlan,
  type StatementScope,
} from './pglite-named-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite and node-postgres) answer `execute`
 * with an object holding `rows`, but Drizzle types the two differently; this is the one place
 * that bridges them.
 */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A list bound as one array parameter, to cast in the query (`${listParam(keys)}::text[]`, read
 * with `= any(...)` or `unnest(...)`). A `sql.join` of n values binds n parameters: for a crawled
 * page's hundred links, hundreds of chunks Drizzle builds and PostgreSQL parses — and a text that
 * changes with n, so it is never the same statement twice. One array keeps the text fixed.
 */
export const listParam = (values: readonly unknown[]): SQL => sql`${sql.param(values)}`;

/**
 * Runs raw SQL as a named prepared statement where the driver keeps them (node-postgres: per
 * connection, named by a hash of the text, so the same text always has the same name and two
 * texts never share one), and returns its rows. PostgreSQL then parses the statement once per
 * connection and, after a few runs, reuses a generic plan: the queue's claims are large statements
 * whose planning took 6-10 ms each, several times per crawled page, far more than running them
 * (0.2 ms) — measured in bench/results/crawl-2026-11-27.md. For statements whose text is fixed
 * (the values are parameters); a text that varies with its input (a list of n values) would fill
 * each connection with statements. PGlite's driver has no named statements; on the embedded
 * database they are kept by db/pglite-named-statements.ts (one connection, so once per process).
 */
export async function queryRowsPrepared<T = Record<string, unknown>>(
  db: Db,
  query: SQL,
  options: { plan?: StatementPlan } = {},
): Promise<T[]> {
  const built = dialectOf(db).sqlToQuery(query);
  return runNamed<T>(db, built, statementName(built.sql), options.plan);
}

const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;
const statementName = (text: string) =>
  `cw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * `plan`: on the embedded database, `custom` plans each run with its values (StatementPlan,
 * measured there); PostgreSQL keeps its own choice, the generic plan after five runs, which the
 * frontier's statements were written for (crawl-frontier.ts, targetsOfCheck).
 */
async function runNamed<T>(
  db: Db,
  built: Query,
  name: string,
  plan: StatementPlan = 'generic',
): Promise<T[]> {
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const embedded = namedStatementsOf.get((db._.session as { client?: object }).client ?? {});
  if (embedded) {
    // Drizzle's PGlite query runs every statement unnamed; this one runs under its name instead
    // (db/pglite-named-statements.ts), Drizzle still reading its rows and wrapping its errors.
    (prepared as unknown as { client: Pick<PGlite, 'query'> }).client = {
      query: (text: string, params?: unknown[], options?: QueryOptions) =>
        embedded.statements.query(embedded.scope, name, text, params ?? [], options, plan),
    } as Pick<PGlite, 'query'>;
  }
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The embedded database's named statements, by the client a Drizzle session queries through:
 * the PGlite client itself, or one of its transactions (which already holds the client's
 * transaction lock).
 */
const namedStatementsOf = new WeakMap<
  object,
  { statements: PgliteNamedStatements; scope: StatementScope }
>();

/**
 * A statement run as queryRowsPrepared does, whose text is built once: what varies between runs
 * is written `sql.placeholder(name)` in `build` and given by name at each run. Drizzle otherwise
 * turns the whole template into text on every run — for the queue's claims, several large
 * templates per crawled page, about a twentieth of a crawling worker's main thread (CPU profile,
 * docs/site-checks.md).
 */
export function preparedOnce<T = Record<string, unknown>>(
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let built: (Query & { name: string }) | undefined;
  return async (db, values) => {
    if (!built) {
      const query = dialectOf(db).sqlToQuery(build());
      built = { ...query, name: statementName(query.sql) };
    }
    const params = fillPlaceholders(built.params, values);
    return runNamed<T>(db, { sql: built.sql, params }, built.name);
  };
}

/**
 * A column's bare name, for an insert list or a set clause in raw SQL: Drizzle renders a column
 * qualified by its table, which PostgreSQL refuses there. Names the column through the schema,
 * so a renamed column fails to compile instead of failing at run time.
 */
export const col = (column: PgColumn) => sql.identifier(column.name);

/** The schema's property names of a table's (or an alias's) columns. */
export type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;

/** A row read with `selectColumns`: keyed by the schema's property names, values as the driver gives them. */
export type ColumnsRow<T extends PgTable, K extends ColumnKey<T> = ColumnKey<T>> = {
  [P in K]: unknown;
};

/**
 * A select list of a table's columns (all, or the `keys` named), each named by its schema
 * property (`"p"."final_url" as "finalUrl"`): the row comes back keyed like the schema, so a
 * renamed column fails to compile where the row is decoded. Works on an alias (`alias(table, 'p')`).
 */
export function selectColumns<T extends PgTable, K extends ColumnKey<T> = ColumnKey<T>>(
  table: T,
  keys?: readonly K[],
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = keys ?? (Object.keys(columns) as K[]);
  return sql.join(
    names.map((key) => sql`${columns[key]} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * The columns of a table under an alias in raw SQL (`from ${reports} r`): `aliased('r')(column)`
 * renders `"r"."column"`, the column named through the schema. For a subquery over the table its
 * statement updates, or a join of a table with itself, where the qualified `${table.column}`
 * would name the wrong row.
 */
export const aliased =
  (alias: string) =>
  (column: PgColumn): SQL =>
    sql`${sql.identifier(alias)}.${col(column)}`;

/**
 * Whether an error is PostgreSQL's foreign-key violation (23503) of the named constraint, as the
 * driver raises it or wrapped by Drizzle (its `cause`).
 */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === '23503') return fields.constraint === constraint;
    current = fields.cause;
  }
  return false;
}

/**
 * Runs `work` in one transaction, handing it the transaction as a Db. Drizzle types a PGlite
 * and a node-postgres transaction apart; this is the one place that bridges them (no cast at
 * the call sites).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** The migrations (also what tells a template made before one was added or changed). */
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Channel the queue uses to wake idle workers as soon as a job is queued. */
export const JOBS_CHANNEL = 'crawlwise_jobs';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Tells workers (in this process or, on PostgreSQL, in any process) that a job is waiting. */
  notifyJobs(): Promise<void>;
  /** Calls `onJob` when a job may be waiting; returns a function that stops listening. */
  listenJobs(onJob: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

/**
 * PostgreSQL settings of the embedded database. Its default shared buffers (128 MB) sit in the
 * process's memory for a database that holds a few thousand small rows; 16 MB keeps the working
 * set cached at a fraction of the footprint (bench/footprint.ts).
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * Creating a cluster (initdb) runs a second WebAssembly PostgreSQL whose memory the process
 * never gives back (about 500 MB resident). A short-lived child process does it instead, so the
 * server only ever opens an existing directory.
 */
async function initPgliteDir(dir: string): Promise<void> {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `
    const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
    const client = new PGlite(${JSON.stringify(dir)}, {
      postgresqlconf: ${JSON.stringify(PGLITE_CONF)},
    });
    await client.waitReady;
    await client.close();
  `;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    timeout: 120_000,
  });
}

/**
 * What a `memory://` database starts from when set: a migrated empty database, as
 * PGlite.dumpDataDir gives it. Creating a cluster (initdb) and migrating it takes seconds, and the
 * server's test suite opens an in-memory database for every file (test-support/
 * pglite-template.ts sets this); started from the copy, an open takes a fraction of that. The
 * migrations still run after it, so a copy older than them is brought up to date.
 */
let inMemoryTemplate: Blob | undefined;

export function startInMemoryDatabasesFrom(template: Blob | undefined): void {
  inMemoryTemplate = template;
}

/** A new empty in-memory database, migrated, as a template for startInMemoryDatabasesFrom. */
export async function migratedInMemoryDump(): Promise<Blob> {
  const client = new PGlite('memory://', { postgresqlconf: PGLITE_CONF });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite({ client, schema }) as never, {
      migrationsFolder: MIGRATIONS_DIR,
    });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The PGlite client of `dir`, not yet migrated. */
async function startPglite(dir: string, inMemory: boolean): Promise<PGlite> {
  if (!inMemory && !fs.existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDir(dir);
  const template = inMemory ? inMemoryTemplate : undefined;
  const client = new PGlite(dir, {
    postgresqlconf: PGLITE_CONF,
    ...(template ? { loadDataDir: template } : {}),
  });
  await client.waitReady;
  return client;
}

/**
 * PGlite runs each query in this process, synchronously, and answers through promise jobs only:
 * a chain of queries never lets the event loop reach its I/O. A site report's build reads for
 * seconds in such a chain, and the web server sharing the process accepted no request meanwhile
 * (after a 10,000-page crawl the status poll that would see the end was first read ~7 s later,
 * with the report long stored: bench/results). So a query or transaction started outside a
 * transaction first lets the event loop turn once when it has not turned for STARVED_LOOP_MS
 * (a chain of quick queries is not slowed, a long one gives way every few tens of
 * milliseconds). Queries inside a transaction run on: nothing else could use the connection.
 */
const STARVED_LOOP_MS = 20;

/** Patches the client's calls to turn the loop first; returns that turn, for other callers. */
function turningTheEventLoop(client: PGlite): () => Promise<void> {
  let lastTurnAt = performance.now();
  let watching = false;
  /** Notes when the loop next turns (one immediate at a time). */
  const watchTurn = () => {
    if (watching) return;
    watching = true;
    setImmediate(() => {
      watching = false;
      lastTurnAt = performance.now();
    });
  };
  /**
   * The turn being waited for: every call made meanwhile waits for it too, so calls still reach
   * the connection in the order they were made (one that came after a waiting one must not run
   * first: two builders racing for a check's claim, say).
   */
  let turning: Promise<void> | null = null;
  const turnIfStarved = async () => {
    if (turning === null && performance.now() - lastTurnAt > STARVED_LOOP_MS) {
      turning = new Promise<void>((resolve) =>
        setImmediate(() => {
          turning = null;
          resolve();
        }),
      );
    }
    if (turning !== null) await turning;
    watchTurn();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turnIfStarved();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turnIfStarved();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turnIfStarved();
    return transaction(...args);
  }) as typeof client.transaction;
  return turnIfStarved;
}

/** Lets queryRowsPrepared run named statements on the client and in its transactions. */
function keepingNamedStatements(client: PGlite, turnIfStarved: () => Promise<void>): void {
  const statements = new PgliteNamedStatements(client, turnIfStarved);
  namedStatementsOf.set(client, { statements, scope: 'outside-transaction' });
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      namedStatementsOf.set(tx, { statements, scope: 'in-transaction' });
      return work(tx);
    })) as typeof client.transaction;
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? null : lockDataDir(dataDir);
  try {
    const dir = inMemory ? dataDir : path.join(dataDir, 'pglite');
    const client = await startPglite(dir, inMemory);
    keepingNamedStatements(client, turningTheEventLoop(client));
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    // One process owns an embedded database, so waking workers is an in-process event.
    const jobs = new EventEmitter();
    jobs.setMaxListeners(0);
    return {
      kind: 'pglite',
      db,
      ping: async () => {
        await client.query('select 1');
      },
      notifyJobs: async () => {
        jobs.emit('job');
      },
      listenJobs: async (onJob) => {
        jobs.on('job', onJob);
        return async () => {
          jobs.off('job', onJob);
        };
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  await migratePostgres(connectionString);
  return connectPostgres(connectionString, poolSize);
}

/**
 * A database host that does not answer at all (a dropped network) would otherwise hold every
 * query for the system's TCP timeout, minutes; past this a connection attempt fails and the
 * caller answers database_connection.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A PostgreSQL database without running the migrations: nothing connects until the first query,
 * so this also serves tests that need a server which is not there.
 */
export function connectPostgres(connectionString: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    notifyJobs: async () => {
      await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    },
    listenJobs: (onJob) => listenForJobs(connectionString, onJob),
    close: async () => {
      await pool.end();
    },
  };
}

/** How long to wait before listening again after the listening connection was lost. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN needs a dedicated connection outside the pool. The first connection must succeed (a
 * worker that cannot reach its database at start-up should say so); when it is lost later (the
 * server restarts), it is opened again, and `onJob` is called once it is back, since
 * notifications sent meanwhile were missed.
 */
async function listenForJobs(
  connectionString: string,
  onJob: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    current = client;
    // Until LISTEN is in place a failure is the caller's (thrown below), not a lost connection.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (!stopped) retryTimer = setTimeout(relisten, RELISTEN_DELAY_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', onJob);
  };
  const relisten = () => {
    retryTimer = null;
    if (stopped) return;
    connect().then(onJob, () => {
      if (!stopped) retryTimer = setTimeout(relisten, RELISTEN_DELAY_MS);
    });
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await (current as pg.Client | null)?.end().catch(() => {});
  };
}

/** Arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 724_311_907;

/**
 * Several workers may start at once against one PostgreSQL; an advisory lock held on one
 * connection makes them apply the migrations one after the other instead of racing.
 */
async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
