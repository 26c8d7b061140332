import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from './database.ts';

/**
 * The embedded database answers through promise jobs only; a long chain of its queries must
 * still let the event loop reach its I/O (the web server shares the process: database.ts,
 * turningTheEventLoop).
 */
describe('a chain of queries on the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });

  afterAll(async () => {
    await database?.close();
  });

  /**
   * Runs `count` queries of ~`ms` each, one after another on `db`; returns how many had finished
   * when an immediate queued after the fifth ran (the event loop's next turn).
   */
  async function chain(db: Db, count: number, ms: number): Promise<number> {
    let done = 0;
    let doneWhenTurned = -1;
    for (let i = 0; i < count; i += 1) {
      await db.execute(sql`select pg_sleep(${ms / 1000})`);
      done += 1;
      if (done === 5) {
        setImmediate(() => {
          doneWhenTurned = done;
        });
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
    return doneWhenTurned;
  }

  it('lets the event loop turn once it has not for a few tens of milliseconds', async () => {
    // 5 ms a query: the loop turns within about five more (20 ms), long before the chain ends.
    const turnedAfter = await chain(database.db, 30, 5);
    expect(turnedAfter).toBeGreaterThanOrEqual(5);
    expect(turnedAfter).toBeLessThanOrEqual(12);
  });

  it('keeps the order of its calls when one waits for the loop to turn', async () => {
    const db = database.db;
    // A query leaves its note of the next turn pending; then the loop is held past the limit.
    await db.execute(sql`select 1`);
    const until = performance.now() + 40;
    while (performance.now() < until) {
      // Busy: the event loop cannot turn.
    }
    const order: string[] = [];
    const first = (async () => {
      for (let i = 1; i <= 3; i += 1) {
        await db.execute(sql`select 1`);
        order.push(`first ${i}`);
      }
    })();
    const second = (async () => {
      await db.execute(sql`select 1`);
      order.push('second');
    })();
    await Promise.all([first, second]);
    // The second call was made before the first's second one: it reaches the connection first.
    expect(order.indexOf('second')).toBeLessThan(order.indexOf('first 2'));
  });

  it('runs the statements of a transaction on (nothing else could use the connection)', async () => {
    const turnedAfter = await database.db.transaction((tx) => chain(tx as unknown as Db, 10, 5));
    expect(turnedAfter).toBe(10);
  });
});
