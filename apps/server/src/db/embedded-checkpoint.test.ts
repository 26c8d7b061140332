import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { checkpointIfWalGrown, walSinceCheckpoint } from './embedded-checkpoint.ts';

/**
 * The embedded database's checkpoints (embedded-checkpoint.ts): none until enough log was
 * written since the last one, then one, after which the log starts again from its redo point.
 * Always on PGlite, which has no checkpointer, whatever DATABASE_URL says.
 */
describe('checkpoints of the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(
      sql`create table checkpoint_probe (id serial primary key, body text)`,
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Writes about `megabytes` MB of log: rows of incompressible text, so the log carries them. */
  async function writeLog(megabytes: number) {
    await database.db.execute(
      sql`insert into checkpoint_probe (body)
          select string_agg(md5(random()::text), '') from generate_series(1, 256) g,
            generate_series(1, ${megabytes * 128}::int) r group by r`,
    );
  }

  it('runs none below the threshold, one once the log written since the last passes it', async () => {
    await database.db.execute(sql`checkpoint`);
    const threshold = 2 * 2 ** 20;
    expect(await walSinceCheckpoint(database.db)).toBeLessThan(threshold);
    expect(await checkpointIfWalGrown(database.db, threshold)).toBeNull();

    await writeLog(1);
    expect(await checkpointIfWalGrown(database.db, threshold)).toBeNull();

    await writeLog(2);
    const written = await walSinceCheckpoint(database.db);
    expect(written).toBeGreaterThanOrEqual(threshold);
    const checkpoint = await checkpointIfWalGrown(database.db, threshold);
    expect(checkpoint).toMatchObject({ walBytes: expect.any(Number), ms: expect.any(Number) });
    expect(checkpoint!.walBytes).toBeGreaterThanOrEqual(written);

    // The log now counts from the new redo point: nothing more is due.
    expect(await walSinceCheckpoint(database.db)).toBeLessThan(64 * 1024);
    expect(await checkpointIfWalGrown(database.db, threshold)).toBeNull();
  });
});
