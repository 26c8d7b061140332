import { describe, expect, it } from 'vitest';
import { sitemapUrlBudget } from './site-check-discovery.ts';

describe('sitemapUrlBudget', () => {
  it('reads five sitemap addresses per page a check may hold', () => {
    // A sitemap check holds 200 pages; a crawl its own limit (never less than that).
    expect(sitemapUrlBudget(null)).toBe(1_000);
    expect(sitemapUrlBudget({ maxPages: 50 })).toBe(1_000);
    expect(sitemapUrlBudget({ maxPages: 500 })).toBe(2_500);
    expect(sitemapUrlBudget({ maxPages: 10_000 })).toBe(50_000);
  });
});
