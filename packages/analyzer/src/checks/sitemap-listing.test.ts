import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { FetchArtifact, SitemapListingArtifact } from '../types.ts';
import { sitemapListing } from './sitemap-listing.ts';

const PAGE = 'https://example.com/shop/chair';
const read: SitemapListingArtifact = {
  status: 'read',
  foundVia: 'robots.txt',
  sitemaps: ['https://example.com/sitemap.xml'],
  entries: 120,
  truncated: false,
  listed: true,
};

function run(
  listing: SitemapListingArtifact | undefined,
  { html = '<html><head></head><body></body></html>', fetch = {} as Partial<FetchArtifact> } = {},
) {
  const artifacts = makeArtifacts({
    html,
    fetch: { finalUrl: PAGE, requestedUrl: PAGE, ...fetch },
  });
  return sitemapListing.run(
    createPageContext({ ...artifacts, ...(listing ? { sitemapListing: listing } : {}) }),
  );
}

describe('sitemap-listing check', () => {
  it('passes a page the sitemap lists', () => {
    const outcome = run(read);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The page is in the sitemap');
    expect(outcome.details).toMatchObject({ listed: true, entries: 120, foundVia: 'robots.txt' });
  });

  it('warns about a page a fully read sitemap leaves out, with the entry to add', () => {
    const outcome = run({ ...read, listed: false });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The page is not in the sitemap');
    expect(outcome.details).toMatchObject({
      fixSnippet: '<url><loc>https://example.com/shop/chair</loc></url>',
    });
  });

  it('warns when the sitemap lists the address that redirects to the page', () => {
    const outcome = run(
      { ...read, listed: false, requestedListed: true },
      { fetch: { requestedUrl: 'http://example.com/chair' } },
    );
    expect(outcome.message).toBe('The sitemap lists the address that redirects here');
    expect(outcome.why).toContain('http://example.com/chair');
  });

  it('warns about a site without a sitemap, with a minimal one and its robots.txt line', () => {
    const outcome = run({ status: 'none', foundVia: '/sitemap.xml', detail: 'HTTP 404' });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The site has no sitemap');
    const snippet = (outcome.details as { fixSnippet: string }).fixSnippet;
    expect(snippet).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(snippet).toContain('<url><loc>https://example.com/shop/chair</loc></url>');
    expect(snippet).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it('does not judge a sitemap cut short, one that could not be read, or nothing asked', () => {
    expect(run({ ...read, listed: false, truncated: true })).toMatchObject({
      severity: 'success',
      outcome: 'skipped',
      message: 'Not in the first 120 sitemap addresses read',
    });
    expect(run({ status: 'unreachable', detail: 'HTTP 503' })).toMatchObject({
      severity: 'success',
      outcome: 'skipped',
    });
    expect(run(undefined)).toMatchObject({ severity: 'success', outcome: 'skipped' });
  });

  it('does not expect noindex or non-200 pages in the sitemap', () => {
    const noindex = run(
      { ...read, listed: false },
      { html: '<html><head><meta name="robots" content="noindex, follow"></head></html>' },
    );
    expect(noindex).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
    expect(
      run({ ...read, listed: false }, { fetch: { headers: { 'x-robots-tag': 'none' } } }).outcome,
    ).toBe('not_applicable');
    expect(run({ ...read, listed: false }, { fetch: { status: 404 } }).outcome).toBe(
      'not_applicable',
    );
  });

  it('escapes the address in the entry', () => {
    const outcome = run(
      { ...read, listed: false },
      {
        fetch: {
          finalUrl: 'https://example.com/a?b=1&c=2',
          requestedUrl: 'https://example.com/a?b=1&c=2',
        },
      },
    );
    expect(outcome.details).toMatchObject({
      fixSnippet: '<url><loc>https://example.com/a?b=1&amp;c=2</loc></url>',
    });
  });
});
