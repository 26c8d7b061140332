import { execFileSync } from 'node:child_process';
import { queryRows } from '@crawlwise/server/db/database';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
  waitForReport,
} from '@crawlwise/server/test-support/test-app';
import { REPORT_MAX_STORED_KB } from '@crawlwise/shared/limits';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 4: page text inflated reports about seven times — a 4 MB title made a 30 MB
 * report, and the PDF of a 1 MB title failed after 15 s. Page text is clipped where it is
 * stored and the stored report is bounded; its PDF is readable.
 */

const TITLE_CHARS = 4 * 1024 * 1024;

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof buildTestApp>>['database'];
let site: TestSite;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  site = await startTestSite({
    '/huge': {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${'Oak '.repeat(TITLE_CHARS / 4)}</title></head><body><h1>Oak</h1><p>${'Solid oak tables. '.repeat(40)}</p></body></html>`,
    },
  });
});

afterAll(async () => {
  await app.close();
  await site.close();
});

describe('a page with a 4 MB title', () => {
  it('is stored clipped and bounded, and its PDF is readable', async () => {
    const worker = testWorker(app);
    await worker.start();
    let token: string;
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { url: site.url('/huge') },
      });
      expect(created.statusCode).toBe(201);
      token = created.json().accessToken as string;
      const report = await waitForReport(app, token, 60_000);
      expect(report.status).toBe('completed');
    } finally {
      await worker.stop();
    }

    const [stored] = await queryRows<{ bytes: number }>(
      database.db,
      sql`select (coalesce(octet_length(issues::text), 0) + coalesce(octet_length(meta_json::text), 0)
                  + coalesce(octet_length(categories::text), 0))::int as bytes
          from reports where access_token = ${token}`,
    );
    expect(stored?.bytes).toBeLessThanOrEqual(REPORT_MAX_STORED_KB * 1024);
    const read = await app.inject(`/api/reports/${token}`);
    expect(read.body.length).toBeLessThan(REPORT_MAX_STORED_KB * 1024);
    expect(read.body).toContain('characters, clipped');

    const started = Date.now();
    const pdf = await app.inject(`/api/reports/${token}/export.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain('Oak');
  }, 120_000);
});
