import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { authorship } from './authorship.ts';

const run = (head: string, body: string) =>
  authorship.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));
const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...data })}</script>`;

describe('authorship check', () => {
  it('does not apply to a page that is not an article', () => {
    const outcome = run(
      jsonLd({ '@type': 'Product', name: 'Bread' }),
      '<article><p>Card</p></article>',
    );
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
  });

  it('passes an article whose structured data names the author and the date', () => {
    const outcome = run(
      jsonLd({
        '@type': 'BlogPosting',
        author: [{ '@type': 'Person', name: 'Ada Baker' }],
        datePublished: '2026-03-01',
      }),
      '<p>Text</p>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Article by Ada Baker, dated 2026-03-01');
    expect(outcome.details).toEqual({
      article: { source: 'structured data', value: 'BlogPosting' },
      author: { source: 'structured data', value: 'Ada Baker' },
      date: { source: 'structured data', value: '2026-03-01' },
    });
  });

  it('follows an author reference to its node in the graph', () => {
    const outcome = run(
      jsonLd({
        '@graph': [
          { '@type': 'Person', '@id': '#ada', name: 'Ada Baker' },
          { '@type': 'Article', author: { '@id': '#ada' }, datePublished: '2026-03-01' },
        ],
      }),
      '',
    );
    expect(outcome.details).toMatchObject({
      author: { source: 'structured data', value: 'Ada Baker' },
    });
  });

  it('reads the author and date from the page when the structured data lacks them', () => {
    const outcome = run(
      jsonLd({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'NewsArticle', headline: 'News' }] }),
      '<article><h1>News</h1><p class="post-meta"><span class="entry-author">By Jo Lee</span> <time datetime="2026-02-02">2 Feb</time></p></article>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({
      author: { source: 'byline', value: 'Jo Lee' },
      date: { source: 'time element', value: '2026-02-02' },
    });
  });

  it('takes an <article> with a byline as an article, and warns without a date', () => {
    const outcome = run(
      '',
      '<main><article><h1>Post</h1><div class="byline">By Sam</div><p>Text</p></article></main><footer><time>2026</time></footer>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Article without a date');
    expect(outcome.details).toMatchObject({
      article: { source: 'article element' },
      author: { source: 'byline', value: 'Sam' },
      date: null,
    });
    expect(outcome.howToFix).toContain('<time datetime="YYYY-MM-DD">');
    expect(outcome.howToFix).not.toContain('rel="author"');
  });

  it('warns about an article without author and date', () => {
    const outcome = run(jsonLd({ '@type': 'Article', headline: 'Anonymous' }), '<p>Text</p>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Article without an author or a date');
    expect(outcome.why).toContain('(Article structured data)');
    expect(outcome.why).toContain('states no author and no date');
  });

  it('accepts microdata, rel=author, meta author and article:published_time', () => {
    const microdata = run(
      '',
      '<div itemscope itemtype="https://schema.org/TechArticle"><span itemprop="author">Kim</span><meta itemprop="datePublished" content="2026-01-05"></div>',
    );
    expect(microdata.details).toMatchObject({
      article: { source: 'microdata' },
      author: { source: 'microdata', value: 'Kim' },
      date: { source: 'microdata', value: '2026-01-05' },
    });
    const meta = run(
      `<meta name="author" content="Lou"><meta property="article:published_time" content="2026-04-04T10:00:00Z">${jsonLd({ '@type': 'Article' })}`,
      '<p>x</p>',
    );
    expect(meta.details).toMatchObject({
      author: { source: 'meta author', value: 'Lou' },
      date: { source: 'article:published_time' },
    });
    const rel = run(
      jsonLd({ '@type': 'Article', datePublished: '2026-01-01' }),
      '<a rel="author" href="/team/mo">Mo</a>',
    );
    expect(rel.details).toMatchObject({ author: { source: 'rel=author', value: 'Mo' } });
  });

  it('does not take a comment author or a hidden byline as the article’s', () => {
    const outcome = run(
      jsonLd({ '@type': 'Article', datePublished: '2026-01-01' }),
      '<article><p>Text</p><div class="byline" hidden>By Ghost</div></article><section><article><span class="comment-author">Reader</span></article></section>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Article without an author');
  });
});
