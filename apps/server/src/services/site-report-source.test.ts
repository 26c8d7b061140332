import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { describe, expect, it } from 'vitest';
import type { CrawlGraph } from './site-report.ts';
import { pagesReadTwice, storedOrder } from './site-report-source.ts';

describe('storedOrder (a crawl graph back in the order its links were stored)', () => {
  it('gives the positions in ascending order of id', () => {
    expect([...storedOrder([30, 10, 20, 11])]).toEqual([1, 3, 2, 0]);
    expect([...storedOrder([])]).toEqual([]);
  });

  it('gives the same order for ids too large to pack with their position', () => {
    const big = 2 ** 40;
    expect([...storedOrder([big + 5, big + 1, big + 3])]).toEqual([1, 2, 0]);
  });

  it('agrees with a comparator sort over many shuffled ids', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => index * 7 + 1);
    for (let index = ids.length - 1; index > 0; index -= 1) {
      const other = (index * 7919) % (index + 1);
      [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    }
    const expected = ids.map((_, index) => index).sort((a, b) => ids[a]! - ids[b]!);
    expect([...storedOrder(ids)]).toEqual(expected);
  });
});

describe('pagesReadTwice (the pages and links read side by side agree)', () => {
  const link = (source: string, target: string): SiteGraphLink => ({
    source,
    target,
    anchor: '',
    nofollow: false,
    renderedOnly: false,
  });
  const graph = (links: SiteGraphLink[]): CrawlGraph => ({
    startKey: 'https://site.test/',
    links,
    sitemap: new Set(),
    sitemapRead: false,
  });
  const page = (reportId: string) => ({ reportId, url: `https://site.test/${reportId}` });

  it('keeps both reads as they are when they saw the same pages', () => {
    const rows = [page('a'), page('b')];
    const crawl = graph([link('https://site.test/a', 'https://site.test/b')]);
    const aligned = pagesReadTwice([page('a'), page('b')], rows, crawl);
    expect(aligned.rows).toBe(rows);
    expect(aligned.crawl).toBe(crawl);
  });

  it('leaves out a page that completed after its keys were read (its links were not read)', () => {
    const aligned = pagesReadTwice([page('a')], [page('a'), page('new')], graph([]));
    expect(aligned.rows.map((row) => row.reportId)).toEqual(['a']);
  });

  it('leaves out the links of a page deleted before its content was read', () => {
    const aligned = pagesReadTwice(
      [page('a'), page('gone')],
      [page('a')],
      graph([
        link('https://site.test/a', 'https://site.test/gone'),
        link('https://site.test/gone', 'https://site.test/a'),
      ]),
    );
    expect(aligned.rows.map((row) => row.reportId)).toEqual(['a']);
    expect(aligned.crawl?.links).toEqual([link('https://site.test/a', 'https://site.test/gone')]);
  });

  it('reads a sitemap check (no graph) through', () => {
    expect(pagesReadTwice([page('a')], [page('a'), page('b')], null)).toEqual({
      rows: [page('a')],
      crawl: null,
    });
  });
});
