import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { describe, expect, it } from 'vitest';
import { analyzeArtifacts } from '../analyze-artifacts.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';

const crawl = { site: 'https://example.com/', rules: DEFAULT_CRAWL_URL_RULES };
const html = (head: string, body: string) =>
  `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;

describe('the links of a crawled page', () => {
  it('come with the analysis only when a crawl asks for them', () => {
    const artifacts = makeArtifacts({ html: html('', '<a href="/a">A</a>') });
    expect(analyzeArtifacts(artifacts).links).toBeUndefined();
    const analysis = analyzeArtifacts({ ...artifacts, crawl });
    expect(analysis.links?.served.internal).toEqual([
      { key: 'https://example.com/a', anchor: 'A', nofollow: false },
    ]);
    expect(analysis.links?.renderedOnly).toBeNull();
    expect(analysis.excerpt).toEqual({ blocks: ['A'], truncated: false });
    // The report itself is the same with or without them.
    const { links: _, signals: __, excerpt: ___, ...report } = analysis;
    expect(report).toEqual(analyzeArtifacts(artifacts));
  });

  it('are all nofollow when the page says nofollow, in a meta tag or a header', () => {
    const meta = analyzeArtifacts({
      ...makeArtifacts({
        html: html('<meta name="robots" content="noindex, nofollow">', '<a href="/a">A</a>'),
      }),
      crawl,
    });
    expect(meta.links?.served.internal[0]?.nofollow).toBe(true);
    const header = analyzeArtifacts({
      ...makeArtifacts({
        html: html('', '<a href="/a">A</a>'),
        fetch: { headers: { 'content-type': 'text/html', 'x-robots-tag': 'none' } },
      }),
      crawl,
    });
    expect(header.links?.served.internal[0]?.nofollow).toBe(true);
  });

  it('keep the links only the rendered page has apart', () => {
    const analysis = analyzeArtifacts({
      ...makeArtifacts({
        html: html('', '<a href="/a">A</a>'),
        render: {
          status: 'rendered',
          html: html('', '<a href="/a">A</a><a href="/b">B</a>'),
        },
      }),
      crawl,
    });
    expect(analysis.links?.renderedOnly?.map((link) => link.key)).toEqual([
      'https://example.com/b',
    ]);
  });
});
