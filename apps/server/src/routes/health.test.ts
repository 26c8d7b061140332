import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';

describe('health endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    const { app } = await buildTestApp();
    try {
      expect((await app.inject('/healthz')).json()).toEqual({ ok: true });
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('answers 503 from /readyz when the database is gone', async () => {
    const { app, database } = await buildTestApp();
    try {
      await database.close();
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        ok: false,
        error: 'database_connection',
        message: ERROR_CATALOGUE.database_connection.description,
      });
    } finally {
      await app.close().catch(() => {});
    }
  });
});
