import { PDF_EXPORT_POLICY } from '@crawlwise/server/routes/report-exports';
import { addressGroup } from '@crawlwise/server/services/requester';
import { insertFixtureReport } from '@crawlwise/server/test-support/fixture-report';
import { buildTestApp } from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 8: a PDF refused because the renderer was busy still spent one of the
 * requester's 30 hourly PDFs. Twelve PDFs asked at once by one reader: the renderer makes one
 * and queues eight, the rest are refused busy — and only the PDFs made are counted.
 */

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  const built = await buildTestApp({ RATE_LIMITS: 'on' });
  app = built.app;
  token = await insertFixtureReport(app, built.database, {});
});

afterAll(async () => {
  await app.close();
});

describe('a PDF refused as busy', () => {
  it('does not count against the hourly PDFs', async () => {
    const address = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({
          method: 'GET',
          url: `/api/reports/${token}/export.pdf`,
          remoteAddress: address,
        }),
      ),
    );
    const made = answers.filter((answer) => answer.statusCode === 200).length;
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) expect(answer.json()).toMatchObject({ error: 'export_busy' });
    expect(made + busy.length).toBe(12);
    const left = await app.limits.remaining(
      app.database.db,
      PDF_EXPORT_POLICY,
      addressGroup(address),
    );
    expect(left).toBe((PDF_EXPORT_POLICY.rules[0]?.limit ?? 0) - made);
  }, 120_000);
});
