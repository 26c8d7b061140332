import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';

/**
 * Issue 27 item 2: the JavaScript check, the product's headline, must give one verdict per page,
 * whatever the machine's load. Pages whose script adds their content some time after `load`
 * (0 to 3000 ms, and one that fetches it) are each analysed ten times through the real engine
 * and the real browser: every run must reach the same, right, verdict.
 */

const HAS_BROWSER =
  fs.existsSync('/usr/lib/chromium/chromium-headless-shell') || fs.existsSync('/usr/bin/chromium');

const CONTENT = 'Handmade oak tables and chairs, built to last for generations. '.repeat(12);
const RUNS = 10;
const DELAYS_MS = [0, 150, 500, 1500, 3000] as const;

const shell = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Oak furniture from a small workshop</title></head><body><main id="app"></main>
<script>${script}</script></body></html>`;

const afterLoad = (delayMs: number) =>
  shell(`window.addEventListener('load', () => setTimeout(() => {
    document.getElementById('app').textContent = ${JSON.stringify(CONTENT)};
  }, ${delayMs}));`);

/** The content arrives by fetch, 200 ms after load, from an answer that takes 300 ms. */
const FETCHED = shell(`window.addEventListener('load', () => setTimeout(() => {
  fetch('/content.json').then((r) => r.json()).then((data) => {
    document.getElementById('app').textContent = data.text;
  });
}, 200));`);

/** One server word, a few more from script: below the 50-word floor of a critical finding. */
const SMALL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Small page</title>
</head><body><main id="app">Loading</main><script>
  setTimeout(() => { document.getElementById('app').textContent =
    'Loading done: oak tables, oak chairs, oak shelves and benches made by hand in our small workshop for thirty years now, delivered free.'; }, 400);
</script></body></html>`;

let site: LocalServer;

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/content.json') {
      setTimeout(() => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ text: CONTENT }));
      }, 300);
      return;
    }
    const delay = /^\/after\/(\d+)$/.exec(path)?.[1];
    const body = delay ? afterLoad(Number(delay)) : path === '/fetched' ? FETCHED : SMALL;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
});

afterAll(() => site.close());

describe.skipIf(!HAS_BROWSER)('the JavaScript check gives one verdict per page', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ allowPrivate: true, render: true, robotsCacheMs: 60_000 });
  });
  afterAll(() => engine.close());

  /** The js-rendering verdicts (severity and message) of `RUNS` analyses of one page. */
  async function verdicts(path: string): Promise<Set<string>> {
    const document = await engine.fetchDocument(`${site.url}${path.slice(1)}`);
    const runs = await Promise.all(Array.from({ length: RUNS }, () => engine.analyze(document)));
    return new Set(
      runs.map((report) => {
        const finding = report.issues.find((issue) => issue.id === 'js-rendering');
        return `${finding?.severity}: ${finding?.message} (${String(finding?.details.renderedWords)} words rendered)`;
      }),
    );
  }

  it.each(DELAYS_MS)('content added %i ms after load: critical, every time', async (delay) => {
    const seen = await verdicts(`/after/${delay}`);
    expect([...seen]).toEqual([
      'critical: Most of the content only appears with JavaScript (120 words rendered)',
    ]);
  });

  it('content fetched after load: critical, every time', async () => {
    const seen = await verdicts('/fetched');
    expect([...seen]).toEqual([
      'critical: Most of the content only appears with JavaScript (120 words rendered)',
    ]);
  });

  it('a small page whose text comes from script: a warning that says so, every time', async () => {
    const seen = await verdicts('/small');
    expect([...seen]).toEqual([
      'warning: This page’s text comes from JavaScript (23 words rendered)',
    ]);
  });
});
