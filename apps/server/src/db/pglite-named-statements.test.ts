import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  inTransaction,
  listParam,
  openDatabase,
  queryRows,
  queryRowsPrepared,
} from './database.ts';
import { parsersOfFields } from './pglite-named-statements.ts';

/**
 * queryRowsPrepared on the embedded database runs a named statement (pglite-named-statements.ts):
 * parsed once, planned generically after a few runs, with the same rows, values and errors as
 * PGlite's own unnamed query. Always on PGlite, whatever DATABASE_URL says.
 */
describe('named statements on the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table named_probe (
      id int primary key, label text not null, tags text[], doc jsonb, at timestamptz)`);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** The session's named statements whose text contains `marker`, as PostgreSQL lists them. */
  async function preparedLike(marker: string) {
    return queryRows<{ name: string; generic_plans: number; custom_plans: number }>(
      database.db,
      sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like ${`%${marker}%`} and name like 'cw\\_%'`,
    );
  }

  it('prepares a statement once under its name and plans it generically after a few runs', async () => {
    const statementWith = (min: number) =>
      sql`select count(*)::int as n from named_probe where id > ${min} /* once-marker */`;
    for (let min = 0; min < 8; min += 1) {
      const [row] = await queryRowsPrepared<{ n: number }>(database.db, statementWith(min));
      expect(row).toEqual({ n: 0 });
    }
    const prepared = await preparedLike('once-marker');
    expect(prepared).toHaveLength(1);
    // PostgreSQL plans the first five runs with their values, then keeps a generic plan.
    expect(prepared[0]?.custom_plans).toBe(5);
    expect(prepared[0]?.generic_plans).toBe(3);
  });

  it('plans a statement asked for a custom plan with each run’s values, and leaves the mode as it was', async () => {
    const statementWith = (ids: number[]) =>
      sql`select count(*)::int as n from unnest(${listParam(ids)}::int[]) as v(id)
          where v.id > 0 /* custom-marker */`;
    for (let length = 1; length <= 8; length += 1) {
      const ids = Array.from({ length }, (_, index) => index + 1);
      const [row] = await queryRowsPrepared<{ n: number }>(database.db, statementWith(ids), {
        plan: 'custom',
      });
      expect(row).toEqual({ n: length });
    }
    const [prepared] = await preparedLike('custom-marker');
    expect(prepared).toMatchObject({ custom_plans: 8, generic_plans: 0 });
    const mode = async () =>
      (
        await queryRows<{ mode: string }>(
          database.db,
          sql`select current_setting('plan_cache_mode') as mode`,
        )
      )[0]?.mode;
    expect(await mode()).toBe('auto');
    // A run that fails, outside a transaction and inside one, leaves the mode as it was too.
    const failing = sql`select (${'x'}::text)::int as n /* custom-failing */`;
    await expect(queryRowsPrepared(database.db, failing, { plan: 'custom' })).rejects.toThrow();
    expect(await mode()).toBe('auto');
    await expect(
      inTransaction(database.db, (tx) => queryRowsPrepared(tx, failing, { plan: 'custom' })),
    ).rejects.toThrow();
    expect(await mode()).toBe('auto');
    const inside = await inTransaction(database.db, async (tx) => {
      const [row] = await queryRowsPrepared<{ n: number }>(tx, statementWith([1, 2]), {
        plan: 'custom',
      });
      return row;
    });
    expect(inside).toEqual({ n: 2 });
    expect(await mode()).toBe('auto');
  });

  it('sends and reads values as the unnamed query does', async () => {
    const insert = (id: number, tags: string[] | null, doc: unknown, at: string | null) =>
      sql`insert into named_probe (id, label, tags, doc, at)
          values (${id}, ${`label ${id}`}, ${tags === null ? null : listParam(tags)}::text[],
            ${doc === null ? null : JSON.stringify(doc)}::jsonb, ${at}::timestamptz)
          returning id, label, tags, doc, at`;
    const named = await queryRowsPrepared(
      database.db,
      insert(1, ['a', 'b,c', 'd"e'], { deep: [1, 'x', null] }, '2026-12-02T10:00:00Z'),
    );
    const plain = await queryRows(
      database.db,
      insert(2, ['a', 'b,c', 'd"e'], { deep: [1, 'x', null] }, '2026-12-02T10:00:00Z'),
    );
    expect(named).toEqual([{ ...plain[0], id: 1, label: 'label 1' }]);
    expect(named[0]).toMatchObject({ tags: ['a', 'b,c', 'd"e'], doc: { deep: [1, 'x', null] } });
    // Drizzle's own parser for timestamptz (the text as PostgreSQL sent it) over PGlite's Date.
    expect(named[0]?.at).toBe(plain[0]?.at);
    expect(typeof named[0]?.at).toBe('string');
    const withNulls = await queryRowsPrepared(database.db, insert(3, null, null, null));
    expect(withNulls).toEqual([{ id: 3, label: 'label 3', tags: null, doc: null, at: null }]);
  });

  it('parses each column with the caller’s parser for its type, else the client’s', () => {
    const mine = (value: string) => `mine ${value}`;
    const client = (value: string) => `client ${value}`;
    const messages = [
      { name: 'rowDescription', fields: [{ dataTypeID: 25 }, { dataTypeID: 1184 }] },
      { name: 'dataRow', fields: ['a', 'b'] },
      { name: 'rowDescription', fields: [{ dataTypeID: 23 }] },
      { name: 'commandComplete' },
    ];
    const picked = parsersOfFields(
      messages,
      { 25: client, 23: client, 16: client },
      { 1184: mine },
    );
    expect(picked).toEqual({ 25: client, 1184: mine, 23: client });
    expect(parsersOfFields([{ name: 'commandComplete' }], { 25: client }, { 1184: mine })).toEqual(
      {},
    );
  });

  it('runs inside a transaction, on its uncommitted rows, and rolls back with it', async () => {
    const count = sql`select count(*)::int as n from named_probe where label = 'in tx'`;
    await expect(
      inTransaction(database.db, async (tx) => {
        await queryRowsPrepared(
          tx,
          sql`insert into named_probe (id, label) values (${100}, ${'in tx'})`,
        );
        const [seen] = await queryRowsPrepared<{ n: number }>(tx, count);
        expect(seen).toEqual({ n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await queryRowsPrepared<{ n: number }>(database.db, count);
    expect(after).toEqual({ n: 0 });
  });

  it('raises PostgreSQL’s error with its code and goes on working', async () => {
    const insert = (id: number) =>
      sql`insert into named_probe (id, label) values (${id}, ${'dup'})`;
    await queryRowsPrepared(database.db, insert(200));
    const error = await queryRowsPrepared(database.db, insert(200)).catch((e: unknown) => e);
    // Drizzle wraps the driver's error; the cause is PostgreSQL's, as with the unnamed query.
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
    // The same in a transaction: it fails, rolls back, and the connection is usable after.
    await expect(
      inTransaction(database.db, async (tx) => {
        await queryRowsPrepared(tx, insert(201));
        await queryRowsPrepared(tx, insert(200));
      }),
    ).rejects.toThrow();
    const rows = await queryRowsPrepared<{ id: number }>(
      database.db,
      sql`select id from named_probe where label = ${'dup'} order by id`,
    );
    expect(rows).toEqual([{ id: 200 }]);
  });

  it('keeps no statement whose text PostgreSQL refused', async () => {
    const broken = sql`select from_nowhere from named_probe /* broken-marker */`;
    await expect(queryRowsPrepared(database.db, broken)).rejects.toThrow();
    await expect(queryRowsPrepared(database.db, broken)).rejects.toThrow();
    expect(await preparedLike('broken-marker')).toEqual([]);
    const [row] = await queryRowsPrepared<{ one: number }>(database.db, sql`select 1 as one`);
    expect(row).toEqual({ one: 1 });
  });

  it('waits for a transaction in progress before it runs outside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = inTransaction(database.db, async (tx) => {
      await queryRowsPrepared(
        tx,
        sql`insert into named_probe (id, label) values (${300}, ${'held'})`,
      );
      await held;
    });
    const outside = queryRowsPrepared<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from named_probe where label = ${'held'}`,
    );
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('lets the event loop turn in a long chain of them, as the unnamed query does', async () => {
    // database.ts turningTheEventLoop: a call outside a transaction turns the loop first once it
    // has not turned for 20 ms; 5 ms a statement, so it turns within about five more.
    let done = 0;
    let doneWhenTurned = -1;
    for (let i = 0; i < 30; i += 1) {
      await queryRowsPrepared(database.db, sql`select pg_sleep(${0.005}) /* chain-marker */`);
      done += 1;
      if (done === 5) {
        setImmediate(() => {
          doneWhenTurned = done;
        });
      }
    }
    expect(doneWhenTurned).toBeGreaterThanOrEqual(5);
    expect(doneWhenTurned).toBeLessThanOrEqual(12);
  });

  it('refuses a run on a closed database as PGlite’s own query does', async () => {
    const closing = await openDatabase({ dataDir: 'memory://' });
    const statement = sql`select 1 as one /* closed-marker */`;
    expect(await queryRowsPrepared(closing.db, statement)).toEqual([{ one: 1 }]);
    await closing.close();
    const error = await queryRowsPrepared(closing.db, statement).catch((e: unknown) => e);
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/PGlite is closed/);
  });
});
