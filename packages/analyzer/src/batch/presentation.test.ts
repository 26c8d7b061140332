import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReport, Finding } from '../types.ts';
import { isBatchRun, parseBatchArgs } from './batch-args.ts';
import { createProgressBar, renderProgressBar } from './progress-bar.ts';
import type { BatchPage, BatchResult } from './run-batch.ts';
import { buildSiteView, canonicalElsewhere } from './site-view.ts';
import { formatBatchSummary } from './summary.ts';
import { parseUrlList, readUrlList, UrlListError } from './url-list.ts';

function report(
  url: string,
  options: {
    title?: string | null;
    description?: string | null;
    score?: number;
    criticals?: number;
    canonical?: Record<string, unknown>;
    robots?: Record<string, unknown>;
  } = {},
): AnalysisReport {
  const issue = (id: string, severity: Finding['severity'], details: Record<string, unknown>) => ({
    id,
    category: 'crawlability' as const,
    outcome: severity === 'success' ? ('passed' as const) : ('failed' as const),
    severity,
    message: id,
    why: '',
    howToFix: null,
    details,
    points: 0,
  });
  return {
    url,
    finalUrl: url,
    fetchedAt: '2026-01-01T00:00:00.000Z',
    score: options.score ?? 80,
    scoreModel: 2,
    categories: [],
    issues: [
      ...Array.from({ length: options.criticals ?? 0 }, (_, i) => issue(`c${i}`, 'critical', {})),
      ...(options.canonical ? [issue('canonical', 'warning', options.canonical)] : []),
      ...(options.robots ? [issue('robots-txt', 'critical', options.robots)] : []),
    ],
    meta_json: {
      technical: { ssl: true, viewport: true, statusCode: 200, redirects: 0 },
      performance: { loadTime: 0.1 },
      title: { status: 'pass', value: options.title ?? null, length: 0 },
      metaDescription: { status: 'pass', value: options.description ?? null, length: 0 },
      wordCount: { status: 'pass', count: 300, renderedCount: null },
    },
  };
}

const ok = (index: number, r: AnalysisReport): BatchPage => ({
  index,
  url: r.url,
  status: 'ok',
  durationMs: 10,
  report: r,
});

describe('buildSiteView', () => {
  const pages: BatchPage[] = [
    ok(0, report('https://s.example/a', { title: 'Home  page', description: 'Same words' })),
    ok(1, report('https://s.example/b', { title: 'home page', description: 'same   WORDS' })),
    ok(2, report('https://s.example/c', { title: 'Home page', description: null })),
    ok(3, report('https://s.example/d', { title: 'Other', description: '' })),
    ok(4, report('https://s.example/e', { title: null, description: '' })),
    {
      index: 5,
      url: 'https://s.example/f',
      status: 'failed',
      durationMs: 3,
      error: { code: 'http_error_404', message: 'The server answered HTTP 404 Not Found.' },
    },
    { index: 6, url: 'https://s.example/g', status: 'cancelled' },
  ];

  it('groups titles and descriptions that read the same, ignoring empty ones', () => {
    const view = buildSiteView(pages);
    expect(view.duplicateTitles).toEqual([
      {
        value: 'Home  page',
        urls: ['https://s.example/a', 'https://s.example/b', 'https://s.example/c'],
      },
    ]);
    expect(view.duplicateDescriptions).toEqual([
      { value: 'Same words', urls: ['https://s.example/a', 'https://s.example/b'] },
    ]);
    expect(view.errors).toEqual([
      expect.objectContaining({ url: 'https://s.example/f', code: 'http_error_404' }),
      expect.objectContaining({ url: 'https://s.example/g', code: 'cancelled' }),
    ]);
    expect(view).toMatchObject({ pagesAnalysed: 5, pagesFailed: 2 });
  });

  it('lists a canonical elsewhere, not one equal to the page or the page without its query', () => {
    const page = 'https://s.example/p/?utm_source=x';
    expect(
      canonicalElsewhere(report(page, { canonical: { canonical: 'https://s.example/p' } })),
    ).toBe(null);
    expect(
      canonicalElsewhere(
        report('https://s.example/p', { canonical: { canonical: 'https://s.example/p/#x' } }),
      ),
    ).toBe(null);
    expect(
      canonicalElsewhere(
        report('https://s.example/p', { canonical: { canonical: 'https://s.example/q' } }),
      ),
    ).toBe('https://s.example/q');
    expect(
      canonicalElsewhere(
        report('https://s.example/p', {
          canonical: { canonicals: ['https://s.example/p', 'https://other.example/'] },
        }),
      ),
    ).toBe('https://other.example/');
    expect(
      canonicalElsewhere(report('https://s.example/p', { canonical: { declarations: [] } })),
    ).toBe(null);
  });

  it('lists pages robots.txt blocks, with the rule', () => {
    const view = buildSiteView([
      ok(
        0,
        report('https://s.example/x', {
          robots: { allowedForGooglebot: false, detail: 'Blocked by "Disallow: /x"' },
        }),
      ),
      ok(1, report('https://s.example/y', { robots: { allowedForGooglebot: null } })),
    ]);
    expect(view.robotsBlocked).toEqual([
      { url: 'https://s.example/x', rule: 'Blocked by "Disallow: /x"' },
    ]);
  });
});

describe('formatBatchSummary', () => {
  it('prints a row per page with score and criticals, errors, totals and the site view', () => {
    const pages: BatchPage[] = [
      ok(0, report('https://s.example/a', { title: 'T', score: 91, criticals: 2 })),
      ok(1, report('https://s.example/b', { title: 'T', score: 47 })),
      {
        index: 2,
        url: 'https://s.example/loop',
        status: 'failed',
        durationMs: 4,
        error: { code: 'redirect_loop', message: 'The page redirects in a loop.' },
      },
    ];
    const result: BatchResult = {
      pages,
      duplicates: 1,
      overLimit: 2,
      maxPages: 3,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1500,
    };
    const text = formatBatchSummary(result, buildSiteView(pages));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^URL\s+Score\s+Criticals$/);
    expect(lines[2]).toMatch(/^https:\/\/s\.example\/a\s+91\s+2$/);
    expect(lines[3]).toMatch(/^https:\/\/s\.example\/b\s+47\s+0$/);
    expect(lines[4]).toMatch(
      /^https:\/\/s\.example\/loop\s+-\s+-\s+redirect_loop: The page redirects in a loop\.$/,
    );
    expect(text).toContain('3 pages: 2 analysed, 1 failed, in 1.5 s (2.0 pages/s).');
    expect(text).toContain('1 repeated address analysed once.');
    expect(text).toContain('2 more addresses not analysed (--max-pages 3).');
    expect(text).toContain(
      'Duplicate titles (1 group):\n  "T" on 2 pages:\n    https://s.example/a\n    https://s.example/b',
    );
    expect(text).toContain('Duplicate meta descriptions: none');
    expect(text).toContain(
      'Errors (1):\n  https://s.example/loop  redirect_loop: The page redirects in a loop.',
    );
  });
});

describe('progress bar', () => {
  const progress = {
    total: 120,
    done: 30,
    ok: 28,
    failed: 2,
    inFlight: 4,
    url: 'https://s.example/page/31',
  };

  it('renders counts and fits the terminal width', () => {
    const line = renderProgressBar(progress, 200);
    expect(line).toBe(
      '[######------------------] 30/120  25%  ok 28 failed 2 in flight 4  https://s.example/page/31',
    );
    expect(renderProgressBar(progress, 40).length).toBeLessThanOrEqual(39);
  });

  it('writes nothing when stderr is not a terminal', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    const chunks: string[] = [];
    (stream as unknown as PassThrough).on('data', (c: Buffer) => chunks.push(String(c)));
    const bar = createProgressBar(stream);
    bar.update(progress);
    bar.done();
    expect(chunks).toEqual([]);
  });

  it('redraws in place on a terminal and clears the line at the end', () => {
    const written: string[] = [];
    const stream = { isTTY: true, columns: 200, write: (s: string) => written.push(s) };
    const bar = createProgressBar(stream as unknown as NodeJS.WriteStream);
    bar.update({ ...progress, done: 120, ok: 118 });
    bar.done();
    expect(written[0]).toMatch(/^\r\[#{24}\] 120\/120 100%/);
    expect(written.at(-1)).toBe('\r\x1b[K');
  });
});

describe('parseBatchArgs', () => {
  it('takes the batch options out and leaves everything else in order', () => {
    const parsed = parseBatchArgs([
      'https://a.example',
      '--json',
      '--urls',
      'list.txt',
      '--sitemap=https://a.example/sitemap.xml',
      '--max-pages',
      '20',
      '--concurrency=3',
      '--per-host-delay',
      '0',
      '--no-render',
      'https://b.example',
    ]);
    expect(parsed).toEqual({
      batch: {
        urlsFile: 'list.txt',
        sitemap: 'https://a.example/sitemap.xml',
        maxPages: 20,
        concurrency: 3,
        perHostDelayMs: 0,
      },
      rest: ['https://a.example', '--json', '--no-render', 'https://b.example'],
      errors: [],
    });
    expect(isBatchRun(parsed.batch, [])).toBe(true);
  });

  it('reports missing and bad values', () => {
    const parsed = parseBatchArgs([
      '--max-pages',
      '0',
      '--concurrency',
      'many',
      '--urls',
      '--json',
    ]);
    expect(parsed.errors).toEqual([
      '--max-pages must be a whole number from 1 up, got "0".',
      '--concurrency must be a whole number from 1 to 32, got "many".',
      '--urls needs a value.',
    ]);
    expect(parsed.rest).toEqual(['--json']);
    expect(parsed.batch).toMatchObject({ maxPages: 500, concurrency: 4, perHostDelayMs: 250 });
  });

  it('accepts - as the list file (stdin)', () => {
    expect(parseBatchArgs(['--urls', '-']).batch.urlsFile).toBe('-');
  });

  it('is a batch with several addresses, not with one', () => {
    const { batch } = parseBatchArgs([]);
    expect(isBatchRun(batch, ['https://a.example'])).toBe(false);
    expect(isBatchRun(batch, ['https://a.example', 'https://b.example'])).toBe(true);
  });
});

describe('URL lists', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crawlwise-urls-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('parses one address a line, skipping blanks and comments', () => {
    expect(
      parseUrlList('\uFEFF# pages\r\nhttps://a.example/\n\n  https://b.example/x  \n#x\n'),
    ).toEqual(['https://a.example/', 'https://b.example/x']);
  });

  it('reads a file and stdin, and refuses a missing or oversized file', async () => {
    const file = join(dir, 'urls.txt');
    await writeFile(file, 'https://a.example/\nhttps://b.example/\n');
    expect(await readUrlList(file)).toEqual(['https://a.example/', 'https://b.example/']);
    expect(await readUrlList('-', { stdin: Readable.from(['https://c.example/\n']) })).toEqual([
      'https://c.example/',
    ]);
    await expect(readUrlList(join(dir, 'none.txt'))).rejects.toThrow(UrlListError);
    await expect(readUrlList(file, { maxBytes: 10 })).rejects.toThrow(/larger than/);
  });
});
