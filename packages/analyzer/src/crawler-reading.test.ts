import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';
import type { AnalysisReport } from './types.ts';

/**
 * Issue 12 end to end: local pages served on 127.0.0.1, fetched and analysed by the engine (on
 * an analysis thread, no browser), read the way Google reads them.
 */

const DESCRIPTION = 'A description of this page that is long enough to be a good search snippet.';

const head = (cut: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${cut}
<title>A page whose head ends too early</title>
<meta name="description" content="${DESCRIPTION}">
<link rel="canonical" href="/page">
</head>
<body><h1>Hello</h1></body>
</html>`;

const PAGES: Record<string, string> = {
  '/iframe': head('<iframe src="javascript:false"></iframe>'),
  '/img': head('<img src="/pixel.gif" alt="">'),
  '/text': head('Welcome'),
  '/property': `<!doctype html><html lang="en"><head><title>Page with a property description</title>
<meta property="description" content="${DESCRIPTION}"></head><body><h1>Hi</h1></body></html>`,
  '/canonicals': `<!doctype html><html lang="en"><head><title>Page with two canonical links</title>
<link rel="canonical" href="/canonicals"></head>
<body><link rel="canonical" href="https://elsewhere.example/"><h1>Hi</h1></body></html>`,
  '/links': `<!doctype html><html lang="en"><head><title>Links named every way</title></head><body>
<a href="/pricing" title="Pricing plans"><i class="icon"></i></a>
<a href="/"><img src="/logo.png" alt="Crawlwise home"></a>
<a href="/docs" aria-label="Documentation"><svg></svg></a>
<span id="blog-label">Our blog</span><a href="/blog" aria-labelledby="blog-label"></a>
<a href="#" role="button">Menu</a><a href="#" role="tab">Overview</a>
<a href="javascript:void(0)">Products</a>
</body></html>`,
};

let site: LocalServer;
let engine: Engine;
const reports = new Map<string, AnalysisReport>();

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (page) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else response.writeHead(404).end();
  });
  engine = createEngine({ allowPrivate: true, render: false, analysisThreads: 1 });
});

afterAll(async () => {
  await engine.close();
  await site.close();
});

async function finding(path: string, id: string) {
  let report = reports.get(path);
  if (!report) {
    report = await engine.analyzeUrl(`${site.origin}${path}`);
    reports.set(path, report);
  }
  const found = report.issues.find((issue) => issue.id === id);
  if (!found) throw new Error(`no ${id} finding for ${path}`);
  return found;
}

describe('a page read the way Google reads it', () => {
  it.each([
    ['/iframe', '<iframe>'],
    ['/img', '<img>'],
    ['/text', 'the text "Welcome"'],
  ])(
    '%s: the metadata after the end of the head is ignored, with the cause and its line',
    async (path, by) => {
      const cause = `the head ended at ${by} on line 5`;
      const title = await finding(path, 'title');
      expect(title.severity).toBe('critical');
      expect(title.message).toBe(`Title ignored: ${cause}`);
      expect(title.details).toMatchObject({
        ignored: [{ element: '<title>', line: 6, reason: cause }],
      });
      expect((await finding(path, 'meta-description')).message).toBe(
        `Meta description ignored: ${cause}`,
      );
      expect((await finding(path, 'canonical')).message).toBe(`Canonical URL ignored: ${cause}`);
    },
  );

  it('does not take <meta property="description"> for a meta description', async () => {
    const description = await finding('/property', 'meta-description');
    expect(description.severity).toBe('critical');
    expect(description.details).toMatchObject({
      count: 0,
      ignored: [{ element: '<meta property="description">', line: 2 }],
    });
  });

  it('keeps the head canonical and reports the body one as ignored', async () => {
    const canonical = await finding('/canonicals', 'canonical');
    expect(canonical.severity).toBe('success');
    expect(canonical.details).toMatchObject({
      canonical: `${site.origin}/canonicals`,
      ignored: [{ element: '<link rel="canonical">', line: 3, reason: 'it is in the <body>' }],
    });
  });

  it('names links by title, image alt and ARIA, and tells controls from links', async () => {
    const linkText = await finding('/links', 'link-text');
    expect(linkText.severity).toBe('success');
    expect(linkText.details).toMatchObject({ total: 4, offenderCount: 0 });
    const anchors = await finding('/links', 'crawlable-anchors');
    expect(anchors.severity).toBe('warning');
    expect(anchors.details).toMatchObject({
      offenderCount: 1,
      offenders: [{ text: 'Products', reason: 'javascript: href' }],
      controlCount: 2,
      controls: [{ role: 'button' }, { role: 'tab' }],
    });
  });
});
