import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';

const HAS_BROWSER =
  fs.existsSync('/usr/lib/chromium/chromium-headless-shell') || fs.existsSync('/usr/bin/chromium');

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Client rendered shop front page here</title></head><body><div id="app"></div>
<script>
  fetch('/products.json').then((r) => r.json()).then((data) => {
    document.getElementById('app').innerHTML =
      '<main><h1>Shop</h1><p>' + data.text + '</p></main>';
  });
</script></body></html>`;

const PRODUCTS = JSON.stringify({ text: 'handmade oak tables and chairs for sale '.repeat(30) });

// Issue 26: a heavy image, a missing one, and a banner a timer inserts above the content.
const GALLERY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery</title>
<meta property="og:image" content="/img/share.png"></head>
<body><main>${'<p>Photos of handmade oak tables and chairs.</p>'.repeat(20)}
<img src="/img/big.jpg" alt="Oak table" width="800" height="600">
<img src="/img/gone.png" alt="Chair" width="80" height="60"></main>
<script>setTimeout(() => {
  const banner = document.createElement('div');
  banner.style.height = '400px';
  document.body.prepend(banner);
}, 1000);</script></body></html>`;

const SHARE_PNG = fs.readFileSync(new URL('./test-support/images/1200x630.png', import.meta.url));

let site: LocalServer;

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    if (request.url === '/products.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(PRODUCTS);
    } else if (request.url === '/gallery') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(GALLERY);
    } else if (request.url === '/img/share.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(SHARE_PNG);
    } else if (request.url === '/img/big.jpg') {
      const size = 300 * 1024;
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(size) });
      response.end(Buffer.alloc(size));
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(SHELL);
    } else {
      response.writeHead(404).end();
    }
  });
});

afterAll(() => site.close());

describe.skipIf(!HAS_BROWSER)('engine with a headless browser', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ allowPrivate: true, render: true });
  });
  afterAll(() => engine.close());

  it('flags content that exists only after script runs as critical, with both counts', async () => {
    const report = await engine.analyzeUrl(site.url);
    const finding = report.issues.find((issue) => issue.id === 'js-rendering');
    expect(finding?.severity).toBe('critical');
    expect(finding?.details).toMatchObject({ serverWords: 0 });
    expect(finding?.details.renderedWords as number).toBeGreaterThanOrEqual(200);
    expect(String(finding?.details.missingSample)).toContain('oak');
    expect(report.meta_json.wordCount).toMatchObject({ count: 0 });
    expect(report.meta_json.wordCount.renderedCount as number).toBeGreaterThanOrEqual(200);
    // The most valuable fixes come first.
    expect(report.issues[0]?.severity).toBe('critical');
  });

  it('judges the rendered images by their response heads, and the layout shift', async () => {
    const report = await engine.analyzeUrl(`${site.url}gallery`);
    const byId = new Map(report.issues.map((issue) => [issue.id, issue]));
    expect(byId.get('image-weight')).toMatchObject({
      severity: 'warning',
      details: { heavy: [{ url: `${site.url}img/big.jpg`, bytes: 300 * 1024, format: 'JPEG' }] },
    });
    expect(byId.get('broken-images')).toMatchObject({
      severity: 'warning',
      details: { broken: [{ url: `${site.url}img/gone.png`, problem: 'HTTP 404' }] },
    });
    expect(byId.get('layout-shift')?.severity).toMatch(/warning|critical/);
    expect(byId.get('og-image')).toMatchObject({
      severity: 'success',
      message: expect.stringContaining('1200×630 pixels, PNG'),
    });
  });

  it('gives the same report in-process (the served page parsed during the render) as in a thread', async () => {
    const inProcess = createEngine({ allowPrivate: true, render: true, analysisThreads: 0 });
    const threaded = createEngine({ allowPrivate: true, render: true, analysisThreads: 1 });
    try {
      const document = await inProcess.fetchDocument(site.url);
      const [a, b] = await Promise.all([inProcess.analyze(document), threaded.analyze(document)]);
      expect(a.issues.find((issue) => issue.id === 'js-rendering')?.severity).toBe('critical');
      expect(a).toStrictEqual(b);
    } finally {
      await Promise.all([inProcess.close(), threaded.close()]);
    }
  });

  it('resolves overridden hosts for the fetch and the browser alike', async () => {
    const named = createEngine({
      allowPrivate: true,
      render: true,
      resolveOverrides: new Map([['shop.crawlwise.test', '127.0.0.1']]),
    });
    try {
      const report = await named.analyzeUrl(`http://shop.crawlwise.test:${site.port}/`);
      const finding = report.issues.find((issue) => issue.id === 'js-rendering');
      expect(finding?.details.renderedWords as number).toBeGreaterThanOrEqual(200);
    } finally {
      await named.close();
    }
  });
});

describe('engine without rendering', () => {
  it('gives the same report with analysis threads as in-process', async () => {
    const threaded = createEngine({ allowPrivate: true, render: false, analysisThreads: 2 });
    const inProcess = createEngine({ allowPrivate: true, render: false, analysisThreads: 0 });
    try {
      const document = await inProcess.fetchDocument(site.url);
      const [a, b] = await Promise.all([threaded.analyze(document), inProcess.analyze(document)]);
      expect(a).toStrictEqual(b);
    } finally {
      await Promise.all([threaded.close(), inProcess.close()]);
    }
  });

  it('refuses an analysisThreads value out of range', () => {
    for (const analysisThreads of [-1, 1.5, 17]) {
      expect(() => createEngine({ render: false, analysisThreads })).toThrow(RangeError);
    }
  });

  it('completes the analysis and says the JavaScript check was skipped', async () => {
    const engine = createEngine({ allowPrivate: true, render: false });
    try {
      const report = await engine.analyzeUrl(site.url);
      const finding = report.issues.find((issue) => issue.id === 'js-rendering');
      expect(finding).toMatchObject({ outcome: 'skipped', points: 0 });
      expect(report.score).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });
});
