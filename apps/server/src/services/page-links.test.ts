import type { LinkRecord, Outlink } from '@crawlwise/analyzer/page/outlinks';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { createStringPool } from '@crawlwise/analyzer/site/string-pool';
import { describe, expect, it } from 'vitest';
import { appendPageLinks, storedPageLinks } from './page-links.ts';

const record = (internal: Outlink[], renderedOnly: Outlink[] | null): LinkRecord => ({
  served: { internal, external: [], externalCount: 0, omitted: 0 },
  renderedOnly,
});

describe('a page’s stored links', () => {
  it('stores nothing for a page without internal links', () => {
    expect(storedPageLinks(record([], null))).toBeNull();
    expect(storedPageLinks(record([], []))).toBeNull();
  });

  it('reads back every link as stored: served first, then rendered only, with their flags', () => {
    const served: Outlink[] = [
      { key: 'https://a.test/x', anchor: 'Quote " brace { } \\ NULL ü 日本 😀', nofollow: false },
      { key: 'https://a.test/y?q=1', anchor: '', nofollow: true },
    ];
    const rendered: Outlink[] = [{ key: 'https://a.test/z', anchor: '[1,"x"]', nofollow: true }];
    const text = storedPageLinks(record(served, rendered));
    expect(text).not.toBeNull();
    const links: SiteGraphLink[] = [];
    appendPageLinks(links, 'https://a.test/', text!, createStringPool());
    expect(links).toEqual(
      [
        { source: 'https://a.test/', ...served[0]!, renderedOnly: false },
        { source: 'https://a.test/', ...served[1]!, renderedOnly: false },
        { source: 'https://a.test/', ...rendered[0]!, renderedOnly: true },
      ].map(({ key, ...link }) => ({ ...link, target: key })),
    );
  });

  it('holds each distinct target and anchor once across pages', () => {
    const intern = createStringPool();
    const links: SiteGraphLink[] = [];
    const text = storedPageLinks(
      record([{ key: 'https://a.test/x', anchor: 'X', nofollow: false }], null),
    );
    appendPageLinks(links, 'https://a.test/1', text!, intern);
    appendPageLinks(links, 'https://a.test/2', text!, intern);
    expect(links).toHaveLength(2);
    expect(links[0]!.target).toBe(links[1]!.target);
    expect(links[0]!.anchor).toBe(links[1]!.anchor);
  });

  it('adds nothing for a value that is not a list of links, and skips malformed entries', () => {
    const links: SiteGraphLink[] = [];
    const intern = createStringPool();
    appendPageLinks(links, 's', '{"a":1}', intern);
    appendPageLinks(links, 's', '"text"', intern);
    appendPageLinks(links, 's', '[1, ["t"], ["t", 2, 0], ["t", "a", "0"], ["t", "a", 3]]', intern);
    expect(links).toEqual([
      { source: 's', target: 't', anchor: 'a', nofollow: true, renderedOnly: true },
    ]);
  });
});
