import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
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

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? null : lockDataDir(dataDir);
  try {
    const client = new PGlite(inMemory ? dataDir : path.join(dataDir, 'pglite'));
    await client.waitReady;
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
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePostgres(connectionString);
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    notifyJobs: async () => {
      await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    },
    listenJobs: async (onJob) => {
      // LISTEN needs a dedicated connection outside the pool.
      const client = new pg.Client({ connectionString });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', onJob);
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      await pool.end();
    },
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
