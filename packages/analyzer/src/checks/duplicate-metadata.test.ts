import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { duplicateMetadata } from './duplicate-metadata.ts';

const run = (head: string) =>
  duplicateMetadata.run(makePage({ html: `<html><head>${head}</head><body></body></html>` }));
const meta = (key: string, content: string) =>
  key.startsWith('og:')
    ? `<meta property="${key}" content="${content}">`
    : `<meta name="${key}" content="${content}">`;

describe('duplicate-metadata check', () => {
  it('has stable meta', () => {
    expect(duplicateMetadata.meta).toMatchObject({ id: 'duplicate-metadata' });
  });

  it('passes distinct title and description', () => {
    const outcome = run(
      `<title>Pricing — Crawlwise</title>${meta('description', 'Plans from $15 per page.')}`,
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ duplicates: [] });
  });

  it('warns when the title equals the description (case and whitespace insensitive)', () => {
    const outcome = run(
      `<title>Pricing  &amp; plans</title>${meta('description', ' pricing &amp; PLANS ')}`,
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Title and meta description are identical');
    expect(outcome.details).toMatchObject({
      title: 'Pricing & plans',
      description: 'pricing & PLANS',
      duplicates: ['title = meta description'],
    });
  });

  it('warns when og:description repeats og:title', () => {
    const outcome = run(
      `<title>Pricing</title>${meta('description', 'Plans from $15 per page.')}` +
        meta('og:title', 'Crawlwise pricing') +
        meta('og:description', 'Crawlwise Pricing'),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('og:title and og:description are identical');
    expect(outcome.details).toMatchObject({ duplicates: ['og:title = og:description'] });
  });

  it('warns once naming both when both pairs repeat', () => {
    const outcome = run(
      `<title>Same</title>${meta('description', 'same')}${meta('og:title', 'X')}${meta('og:description', 'x')}`,
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Title and description are identical, also in Open Graph');
    expect(outcome.details).toMatchObject({
      duplicates: ['title = meta description', 'og:title = og:description'],
    });
  });

  it('accepts Open Graph tags that mirror the title and description', () => {
    const outcome = run(
      `<title>Pricing</title>${meta('description', 'Plans from $15 per page.')}` +
        meta('og:title', 'Pricing') +
        meta('og:description', 'Plans from $15 per page.'),
    );
    expect(outcome.severity).toBe('success');
  });

  it('does not fail on missing or empty values', () => {
    expect(run('').severity).toBe('success');
    expect(run(`<title></title>${meta('description', '')}`).severity).toBe('success');
    expect(run(`${meta('og:title', '')}${meta('og:description', '')}`).severity).toBe('success');
    expect(run('').details).toEqual({
      title: null,
      description: null,
      ogTitle: null,
      ogDescription: null,
      duplicates: [],
    });
  });

  it('ignores an SVG title', () => {
    const outcome = duplicateMetadata.run(
      makePage({
        html: `<head>${meta('description', 'Icon')}</head><body><svg><title>Icon</title></svg></body>`,
      }),
    );
    expect(outcome.severity).toBe('success');
  });
});

describe('duplicate-metadata fix', () => {
  const PARAGRAPH =
    'Every table is cut from French oak, oiled by hand and delivered to your door within six weeks of your order.';
  const page = (head: string, body: string) =>
    duplicateMetadata.run(
      makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }),
    );

  it('offers the first long paragraph as description and the description as og:description', () => {
    const outcome = page(
      `<title>Oak tables</title>${meta('description', 'Oak tables')}${meta('og:title', 'Oak')}${meta('og:description', 'Oak')}`,
      `<p>Short.</p><p>${PARAGRAPH}</p>`,
    );
    expect(outcome.details?.fixSnippet).toBe(
      `<meta name="description" content="${PARAGRAPH}">\n<meta property="og:description" content="Oak tables">`,
    );
    expect(outcome.howToFix).toMatch(/^Replace the repeated descriptions with text from the page/);
  });

  it('has no fix when the page has no paragraph long enough', () => {
    const outcome = page(
      `<title>Oak tables</title>${meta('description', 'Oak tables')}`,
      '<p>Hi</p>',
    );
    expect(outcome.howToFix).toBeUndefined();
  });
});
