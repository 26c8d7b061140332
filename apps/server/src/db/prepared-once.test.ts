import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { type Database, preparedOnce } from './database.ts';

describe('preparedOnce', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(testConfig());
  });
  afterAll(() => database.close());

  it('builds the statement once and runs it with each call’s values', async () => {
    let builds = 0;
    const statement = preparedOnce<{ total: number; word: string; again: string }>(() => {
      builds += 1;
      return sql`select ${sql.placeholder('n')}::int + ${40}::int as total,
        ${sql.placeholder('word')}::text as word, ${sql.placeholder('word')}::text as again`;
    });
    expect(builds).toBe(0);
    const first = await statement(database.db, { n: 2, word: 'one' });
    const second = await statement(database.db, { n: -40, word: 'two' });
    expect(first).toEqual([{ total: 42, word: 'one', again: 'one' }]);
    expect(second).toEqual([{ total: 0, word: 'two', again: 'two' }]);
    expect(builds).toBe(1);
  });

  it('refuses a run that leaves a placeholder without its value', async () => {
    const statement = preparedOnce(() => sql`select ${sql.placeholder('missing')}::int as n`);
    await expect(statement(database.db, {})).rejects.toThrow(/missing/);
  });
});
