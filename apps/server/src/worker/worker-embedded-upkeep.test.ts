import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';
import type { Worker } from './worker.ts';

/**
 * The worker of the embedded database does what PGlite has no background process for: it
 * vacuums its tables (db/embedded-vacuum.ts; no autovacuum) and checkpoints once enough log was
 * written (db/embedded-checkpoint.ts; no checkpointer). On PostgreSQL its own daemons do both
 * and the worker schedules neither: this file runs on the embedded database only.
 */
const onEmbedded = !process.env.DATABASE_URL;

describe.runIf(onEmbedded)('the embedded worker’s upkeep', () => {
  let app: FastifyInstance;
  let worker: Worker | undefined;

  beforeAll(async () => {
    ({ app } = await buildTestApp());
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** A table's size as its last analysis or vacuum measured it (0 before either). */
  const measuredPages = async (table: string) => {
    const [row] = await queryRows<{ pages: number }>(
      app.database.db,
      sql`select relpages::int as pages from pg_class where relname = ${table}`,
    );
    return row?.pages ?? 0;
  };
  const redoPoint = async () => {
    const [row] = await queryRows<{ redo: string }>(
      app.database.db,
      sql`select redo_lsn::text as redo from pg_control_checkpoint()`,
    );
    return row?.redo;
  };

  it('checkpoints once the log written since the last checkpoint reaches its threshold', async () => {
    const before = await redoPoint();
    // A threshold of one byte: the log the test so far wrote is enough.
    worker = testWorker(app, { concurrency: 1, checkpointIntervalMs: 50, checkpointWalBytes: 1 });
    await worker.start();
    const after = await waitUntil(
      async () => {
        const redo = await redoPoint();
        return redo !== before ? redo : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 25, what: 'a checkpoint' },
    );
    expect(after).not.toBe(before);
  });

  it('vacuums the tables now and then', async () => {
    // A new table's relpages is 0 until a vacuum or an analysis measures it.
    await app.database.db.execute(
      sql`create table upkeep_probe as select g as id from generate_series(1, 5000) g`,
    );
    const probePages = () => measuredPages('upkeep_probe');
    expect(await probePages()).toBe(0);
    worker = testWorker(app, { concurrency: 1, vacuumIntervalMs: 50 });
    await worker.start();
    const pages = await waitUntil(async () => (await probePages()) || undefined, {
      timeoutMs: 10_000,
      intervalMs: 25,
      what: 'the probe table vacuumed',
    });
    expect(pages).toBeGreaterThan(10);
  });

  it('vacuums the report rows more often, alone', async () => {
    const vacuumsOf = async (table: string) => {
      const [row] = await queryRows<{ count: number }>(
        app.database.db,
        sql`select vacuum_count::int as count from pg_stat_user_tables where relname = ${table}`,
      );
      return Number(row?.count ?? 0);
    };
    await app.database.db.execute(sql`create table upkeep_probe_2 as select 1 as id`);
    const before = await vacuumsOf('reports');
    worker = testWorker(app, { concurrency: 1, reportsVacuumIntervalMs: 50 });
    await worker.start();
    await waitUntil(async () => ((await vacuumsOf('reports')) > before + 1 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 25,
      what: 'the reports table vacuumed twice',
    });
    // The pass over every table is not due (every ten minutes, not at the start).
    expect(await vacuumsOf('upkeep_probe_2')).toBe(0);
  });
});
