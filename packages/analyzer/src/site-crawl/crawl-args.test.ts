import { CRAWL_PAGES_CEILING } from '@crawlwise/shared/site-check';
import { describe, expect, it } from 'vitest';
import { parseCrawlArgs } from './crawl-args.ts';
import { evaluateCrawlGates, parseCrawlGate } from './crawl-gates.ts';

describe('parseCrawlArgs', () => {
  it('has the documented defaults', () => {
    expect(parseCrawlArgs(['https://example.com'])).toEqual({
      url: 'https://example.com',
      maxPages: 500,
      maxDepth: 10,
      include: [],
      exclude: [],
      perHostDelayMs: 250,
      concurrency: 4,
      render: true,
      followNofollow: false,
      includeSubdomains: false,
      checkExternal: null,
      format: 'summary',
      output: null,
      gates: [],
      allowPrivate: false,
      help: false,
      problems: [],
    });
  });

  it('reads every flag, in both spellings, with repeatable patterns', () => {
    const args = parseCrawlArgs([
      '--max-pages=10000',
      '--max-depth',
      '0',
      '--include',
      '/blog/*',
      '--include=/docs/*',
      '--exclude',
      '/blog/tag/*',
      '--per-host-delay',
      '0',
      '--concurrency=32',
      '--no-render',
      '--follow-nofollow',
      '--include-subdomains',
      '--format',
      'sarif',
      '--output',
      'out/site.sarif',
      '--fail-on',
      'broken-links,orphans',
      '--fail-on=site-score<80',
      '--allow-private',
      'https://example.com/',
    ]);
    expect(args.problems).toEqual([]);
    expect(args).toMatchObject({
      url: 'https://example.com/',
      maxPages: CRAWL_PAGES_CEILING,
      maxDepth: 0,
      include: ['/blog/*', '/docs/*'],
      exclude: ['/blog/tag/*'],
      perHostDelayMs: 0,
      concurrency: 32,
      render: false,
      followNofollow: true,
      includeSubdomains: true,
      format: 'sarif',
      output: 'out/site.sarif',
      allowPrivate: true,
    });
    expect(args.gates.map((gate) => gate.rule)).toEqual([
      'broken-links',
      'orphans',
      'site-score<80',
    ]);
    expect(parseCrawlArgs(['u', '--render']).render).toBe(true);
    expect(parseCrawlArgs(['u', '--json']).format).toBe('json');
  });

  it('says what is wrong with each bad value, one sentence each', () => {
    const { problems } = parseCrawlArgs([
      'a',
      'b',
      '--max-pages',
      '10001',
      '--max-depth=21',
      '--concurrency',
      '0',
      '--per-host-delay',
      '-5',
      '--format',
      'xml',
      '--fail-on',
      'score<90',
      '--render',
      '--no-render',
      '--bogus',
      '--include',
      'x'.repeat(201),
      '--output',
    ]);
    expect(problems).toEqual([
      '--max-pages must be a whole number from 1 to 10000, got "10001".',
      '--max-depth must be a whole number from 0 to 20, got "21".',
      '--concurrency must be a whole number from 1 to 32, got "0".',
      '--per-host-delay must be a whole number from 0 to 60000, got "-5".',
      'Unknown format: xml (use summary, json, markdown, html, sarif).',
      expect.stringMatching(/^Unknown --fail-on rule for a crawl: score<90 \(use broken-links/),
      'Both --render and --no-render given: choose one.',
      'Unknown option for crawl: --bogus',
      '--include patterns are at most 200 characters.',
      '--output needs a value.',
      'crawlwise crawl takes one start address, got 2: the crawl finds the rest.',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => [`--exclude=/x${i}`]).flat();
    expect(parseCrawlArgs(['u', ...many]).problems).toEqual([
      'At most 20 --exclude patterns, got 21.',
    ]);
    expect(parseCrawlArgs(['--help']).problems).toEqual([]);
  });
});

describe('crawl gates', () => {
  it('parse the named rules, site scores and finding ids, and refuse the rest', () => {
    expect(parseCrawlGate('broken-links')).toEqual({
      kind: 'finding',
      id: 'broken-internal-links',
      rule: 'broken-links',
    });
    expect(parseCrawlGate('orphans')).toMatchObject({ kind: 'finding', id: 'orphan-pages' });
    expect(parseCrawlGate('site-score < 75')).toMatchObject({
      kind: 'site-score-below',
      threshold: 75,
    });
    expect(parseCrawlGate('finding:deep-pages')).toMatchObject({ id: 'deep-pages' });
    expect(parseCrawlGate('site-score<101')).toEqual({
      problem: '--fail-on site-score<101: site scores go from 0 to 100.',
    });
    expect(parseCrawlGate('finding:deep')).toMatchObject({
      problem: expect.stringMatching(/^--fail-on finding:deep: no site finding is called deep/),
    });
    expect(parseCrawlGate('critical')).toHaveProperty('problem');
  });

  it('fail on the findings that have items and on a site score below the threshold', () => {
    const gates = ['broken-links', 'orphans', 'site-score<80', 'finding:deep-pages'].map(
      (rule) =>
        parseCrawlGate(rule) as Exclude<ReturnType<typeof parseCrawlGate>, { problem: string }>,
    );
    const crawl = {
      siteScore: 79,
      findings: [
        {
          id: 'broken-internal-links' as const,
          items: ['/a', '/b', '/c', '/d'].map((url) => ({ url })),
        },
        { id: 'deep-pages' as const, items: [] },
      ],
    };
    expect(evaluateCrawlGates(gates, crawl)).toEqual([
      { rule: 'broken-links', reason: '4 × broken-internal-links: /a, /b, /c, and 1 more' },
      { rule: 'site-score<80', reason: 'site score 79 < 80' },
    ]);
    expect(evaluateCrawlGates(gates, { siteScore: 80, findings: [] })).toEqual([]);
    expect(evaluateCrawlGates(gates.slice(2, 3), { siteScore: null, findings: [] })).toEqual([
      { rule: 'site-score<80', reason: 'no site score: no page was analysed' },
    ]);
  });
  it('reads --check-external and --max-external (which turns the check on)', () => {
    expect(parseCrawlArgs(['https://example.com']).checkExternal).toBeNull();
    expect(parseCrawlArgs(['https://example.com', '--check-external']).checkExternal).toBe(500);
    expect(parseCrawlArgs(['https://example.com', '--max-external', '40']).checkExternal).toBe(40);
    expect(
      parseCrawlArgs(['https://example.com', '--max-external=40', '--check-external'])
        .checkExternal,
    ).toBe(40);
    expect(parseCrawlArgs(['https://example.com', '--max-external', '0']).problems).toEqual([
      '--max-external must be a whole number from 1 to 5000, got "0".',
    ]);
  });
});
