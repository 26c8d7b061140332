import { PUBLIC_ORIGIN_META } from '@crawlwise/shared/public-origin';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The tags as a lookup: `property` or `name` → content, plus the canonical's href. */
function tags(meta: ReadonlyArray<Partial<Record<string, string>>>) {
  const byKey = new Map<string, string>();
  for (const tag of meta) {
    if (tag.rel === 'canonical' && tag.href) byKey.set('canonical', tag.href);
    const key = tag.property ?? tag.name;
    if (key && tag.content !== undefined) byKey.set(key, tag.content);
  }
  return byKey;
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.resetModules();
});

describe('pageMeta in the browser', () => {
  it('makes every address absolute on the origin the server wrote into the page', async () => {
    document.head.innerHTML = `<meta name="${PUBLIC_ORIGIN_META}" content="https://seo.example.org/">`;
    const { pageMeta } = await import('./meta.ts');
    const meta = tags(pageMeta('/pricing', 'Pricing plans and what is free', 'x'.repeat(80)));
    expect(meta.get('canonical')).toBe('https://seo.example.org/pricing');
    expect(meta.get('og:url')).toBe('https://seo.example.org/pricing');
    expect(meta.get('og:image')).toBe('https://seo.example.org/og-image.png');
    expect(meta.get('og:image:width')).toBe('1200');
    expect(meta.get('og:image:height')).toBe('630');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:image')).toBe('https://seo.example.org/og-image.png');
    expect(meta.get('og:title')).toBe('Pricing plans and what is free | Crawlwise');
  });

  it("falls back to the browser's own origin when the page carries none", async () => {
    const { pageMeta } = await import('./meta.ts');
    const meta = tags(pageMeta('/', 'Crawlwise: free SEO check', 'x'.repeat(80)));
    expect(meta.get('canonical')).toBe(`${window.location.origin}/`);
  });
});
