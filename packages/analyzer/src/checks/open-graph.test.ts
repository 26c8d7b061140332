import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { openGraph } from './open-graph.ts';

const run = (head: string) =>
  openGraph.run(makePage({ html: `<html><head>${head}</head><body></body></html>` }));
const og = (key: string, content: string) => `<meta property="og:${key}" content="${content}">`;
const complete = {
  title: 'Crawlwise',
  description: 'SEO analyser',
  image: 'https://example.com/card.png',
  url: 'https://example.com/',
  type: 'website',
};
const tags = (values: Partial<typeof complete>) =>
  Object.entries(values)
    .map(([k, v]) => og(k, v))
    .join('');

describe('open-graph check', () => {
  it('has stable meta', () => {
    expect(openGraph.meta).toMatchObject({ id: 'open-graph' });
  });

  it('passes when all five tags are present and valid', () => {
    const outcome = run(tags(complete));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Open Graph tags are complete');
    expect(outcome.details).toMatchObject({
      missing: [],
      invalid: [],
      values: { 'og:image': 'https://example.com/card.png', 'og:type': 'website' },
    });
  });

  it('takes the meta description as og:description, as the platforms do', () => {
    const { description, ...others } = complete;
    const outcome = run(`<meta name="description" content="${description}">${tags(others)}`);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe(
      'Open Graph tags are complete (og:description falls back to the meta description)',
    );
    expect(outcome.details).toMatchObject({
      missing: [],
      fallbacks: { 'og:description': 'meta description' },
    });
    const withoutMeta = run(tags(others));
    expect(withoutMeta.message).toBe('Open Graph is missing og:description');
    expect(withoutMeta.details).toMatchObject({ fallbacks: {} });
  });

  it('still writes og:description for a page without any Open Graph tag', () => {
    const outcome = run(
      '<title>Oak tables</title><meta name="description" content="Made in Lyon.">',
    );
    expect(outcome.message).toBe('No Open Graph tags');
    expect(outcome.details?.fixSnippet).toContain(
      '<meta property="og:description" content="Made in Lyon.">',
    );
  });

  it('warns when there are no Open Graph tags', () => {
    const outcome = run('<title>x</title>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('No Open Graph tags');
    expect(outcome.details).toMatchObject({
      missing: ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'],
    });
  });

  it('names each missing tag', () => {
    const { image: _image, url: _url, ...rest } = complete;
    const outcome = run(tags(rest));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Open Graph is missing og:image and og:url');
    expect(outcome.details).toMatchObject({ missing: ['og:image', 'og:url'] });
  });

  it('treats an empty content as missing and reads name= as well as property=', () => {
    const outcome = run(
      tags({ ...complete, type: '' }).replace('property="og:title"', 'name="og:title"'),
    );
    expect(outcome.message).toBe('Open Graph is missing og:type');
  });

  it('warns when og:image is not an absolute http(s) URL', () => {
    const outcome = run(tags({ ...complete, image: '/card.png' }));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('og:image is not an absolute URL');
    expect(outcome.details).toMatchObject({ invalid: ['og:image'] });
    expect(run(tags({ ...complete, image: 'data:image/png;base64,AAAA' })).severity).toBe(
      'warning',
    );
  });

  it('warns when both URLs are relative', () => {
    const outcome = run(tags({ ...complete, image: 'card.png', url: '/' }));
    expect(outcome.message).toBe('og:image and og:url are not absolute URLs');
  });

  it('mentions an invalid image alongside missing tags', () => {
    const outcome = run(tags({ title: 'T', image: '//cdn.example.com/x.png' }));
    expect(outcome.message).toBe('Open Graph is missing og:description, og:url and og:type');
    expect(outcome.why).toContain('og:image must be a full URL');
    expect(outcome.details).toMatchObject({ invalid: ['og:image'] });
  });

  it('says when the Open Graph tags are ignored because the head ended early', () => {
    const outcome = run(`<title>T</title><img src="/pixel.gif">${tags(complete)}`);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Open Graph tags ignored: the head ended at <img> on line 1');
    expect(outcome.details).toMatchObject({
      missing: ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'],
    });
  });

  it('names ignored tags among the missing ones', () => {
    const { image, ...others } = complete;
    const outcome = run(`${tags(others)}<p>x</p>${og('image', image)}`);
    expect(outcome.message).toBe('Open Graph is missing og:image');
    expect(outcome.why).toContain(
      'The <meta property="og:image"> on line 1 is ignored: the head ended at <p> on line 1',
    );
  });
});

describe('open-graph fix', () => {
  const page = (head: string, body = '') =>
    openGraph.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));
  const HEAD =
    '<title>Oak tables &amp; chairs</title><meta name="description" content="Made to order in Lyon.">';

  it('gives no fix when the tags are complete', () => {
    expect(run(tags(complete)).howToFix).toBeUndefined();
  });

  it('prefills every missing tag from the title, description, first image and canonical', () => {
    const outcome = page(
      `${HEAD}<link rel="canonical" href="/tables">`,
      '<img src="data:image/png;base64,AA"><img src="/img/oak.jpg">',
    );
    expect(outcome.details?.fixSnippet).toBe(
      [
        '<meta property="og:title" content="Oak tables &amp; chairs">',
        '<meta property="og:description" content="Made to order in Lyon.">',
        '<meta property="og:image" content="https://example.com/img/oak.jpg">',
        '<meta property="og:url" content="https://example.com/tables">',
        '<meta property="og:type" content="website">',
      ].join('\n'),
    );
    expect(outcome.howToFix).toMatch(
      /^Add these tags to <head>, replacing any with the same property \(prefilled from the page; check the wording\):\n<meta property="og:title"/,
    );
  });

  it('names the tags the page has no value for and leaves them out', () => {
    const outcome = page(`${HEAD}<meta property="article:published_time" content="2026-11-01">`);
    expect(outcome.details?.fixSnippet).not.toContain('og:image');
    expect(outcome.details?.fixSnippet).toContain('<meta property="og:type" content="article">');
    expect(outcome.howToFix).toMatch(/The page has no value for og:image; add it by hand\.$/);
  });

  it('makes relative og:image and og:url absolute', () => {
    const outcome = run(tags({ ...complete, image: '/card.png', url: 'page' }));
    expect(outcome.details?.fixSnippet).toBe(
      '<meta property="og:image" content="https://example.com/card.png">\n<meta property="og:url" content="https://example.com/page">',
    );
  });
});
