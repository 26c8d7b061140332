import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';
import type { AnalysisReport } from './types.ts';

/**
 * Issue 9 end to end: local pages on 127.0.0.1 whose script changes what crawlers see, fetched
 * once, rendered once in headless Chromium and analysed by the engine; robots.txt and llms.txt
 * read once for the origin. Without a browser the render-diff checks say skipped.
 */

const HAS_BROWSER =
  fs.existsSync('/usr/lib/chromium/chromium-headless-shell') || fs.existsSync('/usr/bin/chromium');

const page = (head: string, body: string, script = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${head}</head>
<body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;

const TITLE = '<title>Oak tables made by hand in our workshop</title>';
const CANONICAL = (path: string) => `<link rel="canonical" href="${path}">`;

const PAGES: Record<string, string> = {
  '/static': page(
    TITLE + CANONICAL('/static'),
    '<h1>Oak tables</h1><a href="/a">A</a><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Table"}</script>',
  ),
  '/title': page(
    '<title>Loading…</title>',
    '<h1>Oak tables</h1>',
    "document.title = 'Oak tables for sale';",
  ),
  '/noindex': page(
    TITLE,
    '<h1>Oak tables</h1>',
    "const m = document.createElement('meta'); m.name = 'robots'; m.content = 'noindex'; document.head.append(m);",
  ),
  '/canonical': page(
    TITLE + CANONICAL('/canonical'),
    '<h1>Oak tables</h1>',
    "document.querySelector('link[rel=canonical]').href = '/elsewhere';",
  ),
  '/jsonld': page(
    TITLE,
    '<h1>Oak tables</h1>',
    "const s = document.createElement('script'); s.type = 'application/ld+json'; s.textContent = JSON.stringify({'@context': 'https://schema.org', '@type': 'Product', name: 'Table'}); document.head.append(s);",
  ),
  '/links': page(
    TITLE,
    '<h1>Oak tables</h1><nav id="nav"><a href="/">Home</a></nav>',
    "for (const p of ['/tables', '/chairs', '/beds', '/shelves']) { const a = document.createElement('a'); a.href = p; a.textContent = p; document.getElementById('nav').append(a); }",
  ),
};

const ROBOTS =
  'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: PerplexityBot\nDisallow: /links\n';
const LLMS =
  '# Oak workshop\n\n> Handmade oak furniture.\n\n- [Tables](/tables)\n- [Chairs](/chairs)\n';

let site: LocalServer;
const hits = new Map<string, number>();

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = PAGES[path];
    if (html) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (path === '/robots.txt')
      response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
    else if (path === '/llms.txt')
      response.writeHead(200, { 'content-type': 'text/markdown' }).end(LLMS);
    else response.writeHead(404).end();
  });
});

afterAll(() => site.close());

function findingOf(report: AnalysisReport, id: string) {
  const found = report.issues.find((issue) => issue.id === id);
  if (!found) throw new Error(`no ${id} finding`);
  return found;
}

describe.skipIf(!HAS_BROWSER)('what each crawler sees, with a headless browser', () => {
  let engine: Engine;
  const reports = new Map<string, AnalysisReport>();

  beforeAll(async () => {
    hits.clear();
    engine = createEngine({ allowPrivate: true, render: true, analysisThreads: 1 });
    const paths = Object.keys(PAGES);
    const analysed = await Promise.all(
      paths.map((path) => engine.analyzeUrl(`${site.origin}${path}`)),
    );
    for (const [i, path] of paths.entries()) reports.set(path, analysed[i]!);
  }, 60_000);
  afterAll(() => engine.close());

  it('costs no second fetch and reads robots.txt and llms.txt once for the origin', () => {
    for (const path of Object.keys(PAGES)) expect(hits.get(path), path).toBe(1);
    expect(hits.get('/robots.txt')).toBe(1);
    expect(hits.get('/llms.txt')).toBe(1);
  });

  it('passes a page whose script changes nothing', () => {
    const report = reports.get('/static')!;
    for (const id of [
      'rendered-title',
      'rendered-meta-description',
      'rendered-canonical',
      'rendered-robots',
      'rendered-h1',
      'rendered-hreflang',
      'rendered-structured-data',
      'rendered-links',
    ]) {
      const finding = findingOf(report, id);
      expect(finding.severity, id).toBe('success');
      expect(finding.outcome, id).toBe('passed');
    }
  });

  it('warns when script changes the title, with both values', () => {
    const finding = findingOf(reports.get('/title')!, 'rendered-title');
    expect(finding.severity).toBe('warning');
    expect(finding.details).toMatchObject({ server: 'Loading…', rendered: 'Oak tables for sale' });
  });

  it('is critical when script adds noindex', () => {
    const finding = findingOf(reports.get('/noindex')!, 'rendered-robots');
    expect(finding.severity).toBe('critical');
    expect(finding.details).toMatchObject({ server: [], rendered: ['noindex'] });
    // The page blocked from indexing still loses all of crawlability, no more.
    const crawlability = reports.get('/noindex')!.categories.find((c) => c.id === 'crawlability')!;
    expect(crawlability.score).toBe(0);
    expect(crawlability.deductions.reduce((sum, d) => sum + d.points, 0)).toBe(crawlability.weight);
  });

  it('is critical when script swaps the canonical', () => {
    const finding = findingOf(reports.get('/canonical')!, 'rendered-canonical');
    expect(finding.severity).toBe('critical');
    expect(finding.details).toMatchObject({
      server: [`${site.origin}/canonical`],
      rendered: [`${site.origin}/elsewhere`],
    });
  });

  it('warns when script injects JSON-LD', () => {
    const finding = findingOf(reports.get('/jsonld')!, 'rendered-structured-data');
    expect(finding.severity).toBe('warning');
    expect(finding.details).toMatchObject({ server: [], addedByScript: ['Product'] });
  });

  it('warns when script adds internal links', () => {
    const finding = findingOf(reports.get('/links')!, 'rendered-links');
    expect(finding.severity).toBe('warning');
    expect(finding.details).toMatchObject({ serverLinks: 1, renderedLinks: 5, scriptOnly: 4 });
  });

  it('judges every crawler from the one robots.txt: a blocked search bot is critical', () => {
    const blocked = findingOf(reports.get('/links')!, 'bot-access');
    expect(blocked.severity).toBe('critical');
    expect(blocked.details).toMatchObject({
      blockedSearch: ['PerplexityBot'],
      blockedTraining: ['GPTBot', 'CCBot'],
    });
    const training = findingOf(reports.get('/static')!, 'bot-access');
    expect(training.severity).toBe('success');
    expect(training.points).toBe(0);
    expect(training.details.blockedTraining).toEqual(['GPTBot', 'CCBot']);
  });

  it('finds the llms.txt', () => {
    const finding = findingOf(reports.get('/static')!, 'llms-txt');
    expect(finding.message).toBe('llms.txt found: "Oak workshop" with 2 links');
  });
});

describe('what each crawler sees, without a browser', () => {
  it('says the render-diff checks were skipped and costs them nothing', async () => {
    const engine = createEngine({ allowPrivate: true, render: false, analysisThreads: 0 });
    try {
      const report = await engine.analyzeUrl(`${site.origin}/title`);
      const diffs = report.issues.filter((issue) => issue.id.startsWith('rendered-'));
      expect(diffs).toHaveLength(8);
      for (const finding of diffs) {
        expect(finding.severity).toBe('success');
        expect(finding.outcome).toBe('skipped');
        expect(finding.details.reason).toBe('Rendering is switched off');
      }
      expect(findingOf(report, 'llms-txt').details.exists).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
