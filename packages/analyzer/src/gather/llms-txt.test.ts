import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Handler, type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { fetchLlmsTxt, llmsTxtUrlOf } from './llms-txt.ts';
import { createOriginCache } from './origin-cache.ts';

const guard = createAddressGuard({ allowPrivate: true });
let server: LocalServer;
let handler: Handler;
const hits: string[] = [];

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  hits.length = 0;
  handler = (_req, res) => res.writeHead(404).end();
});

const page = () => `${server.origin}/shop/table?id=1`;

describe('fetchLlmsTxt', () => {
  it('asks for /llms.txt of the page origin and reads its title and links', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Shop\n- [A](/a)\n');
    const file = await fetchLlmsTxt(page(), { guard });
    expect(hits).toEqual(['/llms.txt']);
    expect(file).toMatchObject({ status: 'found', httpStatus: 200, title: 'Shop', links: 1 });
  });

  it('treats a 404 as missing and a 503 as unreachable', async () => {
    expect(await fetchLlmsTxt(page(), { guard })).toMatchObject({
      status: 'missing',
      httpStatus: 404,
    });
    handler = (_req, res) => res.writeHead(503).end();
    expect(await fetchLlmsTxt(page(), { guard })).toMatchObject({ status: 'unreachable' });
  });

  it('goes through the address guard: a refused address is never contacted', async () => {
    const refusing = createAddressGuard({ allowPrivate: false });
    const file = await fetchLlmsTxt(page(), { guard: refusing });
    expect(file.status).toBe('unreachable');
    expect(hits).toEqual([]);
  });
});

describe('llms.txt kept per origin', () => {
  it('asks once per origin within the time to live, and again after an unreachable answer', async () => {
    let clock = 0;
    const cache = createOriginCache({
      read: (url) => fetchLlmsTxt(url, { guard }),
      ttlMs: 60_000,
      keep: (answer) => answer.status !== 'unreachable',
      now: () => clock,
    });
    const key = llmsTxtUrlOf(page())!;
    await Promise.all([cache.get(key), cache.get(key)]);
    await cache.get(key);
    expect(hits).toEqual(['/llms.txt']);
    clock += 61_000;
    handler = (_req, res) => res.writeHead(500).end();
    await cache.get(key);
    await cache.get(key);
    expect(hits).toEqual(['/llms.txt', '/llms.txt', '/llms.txt']);
  });
});
