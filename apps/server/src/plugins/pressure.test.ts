import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '@crawlwise/shared/wait-until';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';
import { PRESSURE_RETRY_AFTER_SECONDS } from './pressure.ts';

/**
 * Load shedding with a real lag: the test blocks the event loop in slices, as a CPU-bound page
 * or a flood would, and checks that requests are answered 503 with Retry-After at once while it
 * lasts, that liveness keeps answering 200, and that everything is served again once it stops.
 */

const SAMPLE_MS = 50;
/**
 * Well above what a busy test machine lags by itself (other test files share its cores), and
 * well below the lag the test makes.
 */
const MAX_DELAY_MS = 150;
const LAG_SLICE_MS = 500;

let app: FastifyInstance;
let webRoot: string;

/** A miniature web build: the app's shell, one script chunk and an icon. */
function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-pressure-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, '__spa-fallback.html'), '<div id="spa-shell"></div>');
  fs.writeFileSync(path.join(root, 'assets/screen-abc123.js'), 'export const screen = 1;');
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

beforeAll(async () => {
  webRoot = fakeWebBuild();
  ({ app } = await buildTestApp({
    MAX_EVENT_LOOP_DELAY_MS: String(MAX_DELAY_MS),
    PRESSURE_SAMPLE_MS: String(SAMPLE_MS),
    WEB_DIST_DIR: webRoot,
  }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks the event loop `sliceMs` at a time, leaving it free only briefly in between. */
function startLag(sliceMs: number): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + sliceMs;
    while (performance.now() < until) {
      // busy: nothing else runs on this thread meanwhile
    }
  }, 5);
  return () => clearInterval(timer);
}

const until = (condition: () => Promise<boolean>, timeoutMs: number) =>
  waitUntil(condition, { timeoutMs, intervalMs: SAMPLE_MS, what: 'the pressure state' });

const contact = () =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
  });

describe('shedding under pressure', () => {
  it('answers 503 with Retry-After while the event loop lags, and recovers after', async () => {
    // Limits are off in test apps, so retrying the form until it is served counts nothing.
    await until(async () => (await contact()).statusCode === 200, 10_000);
    const stopLag = startLag(LAG_SLICE_MS);
    try {
      await until(async () => (await app.inject('/readyz')).statusCode === 503, 10_000);
      const shed = await contact();
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe(String(PRESSURE_RETRY_AFTER_SECONDS));
      expect(shed.json()).toMatchObject({ ok: false, error: 'service_unavailable' });
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, error: 'service_unavailable' });
      // Liveness is never shed.
      const live = await app.inject('/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ ok: true });
      // Nor are the build's files: a screen already shown must still load its chunks. A
      // document is shed like the API.
      const chunk = await app.inject('/assets/screen-abc123.js');
      expect(chunk.statusCode).toBe(200);
      expect(chunk.body).toBe('export const screen = 1;');
      expect((await app.inject('/favicon.svg')).statusCode).toBe(200);
      expect((await app.inject('/site-check')).statusCode).toBe(503);
    } finally {
      stopLag();
    }
    await until(async () => (await contact()).statusCode === 200, 10_000);
  });

  it('is off when every threshold is 0', async () => {
    const { app: calm } = await buildTestApp({
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      PRESSURE_SAMPLE_MS: String(SAMPLE_MS),
    });
    const stopLag = startLag(200);
    try {
      await sleep(SAMPLE_MS * 6);
      expect((await calm.inject('/readyz')).statusCode).toBe(200);
    } finally {
      stopLag();
      await calm.close();
    }
  });

  it('sheds when the heap is over its limit', async () => {
    const { app: small } = await buildTestApp({
      MAX_HEAP_USED_MB: '1',
      PRESSURE_SAMPLE_MS: String(SAMPLE_MS),
    });
    try {
      await sleep(SAMPLE_MS * 3);
      const response = await small.inject('/api/reports/x');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'service_unavailable' });
    } finally {
      await small.close();
    }
  });
});
