import { describe, expect, it } from 'vitest';
import { DEFAULT_CRAWL_MAX_EXTERNAL, MAX_CRAWL_EXTERNAL } from '../site-check.ts';
import { crawlOptionsSchema } from './site-checks.ts';

describe("a crawl's external-link settings", () => {
  it('are off by default, with the server’s default cap', () => {
    expect(crawlOptionsSchema.parse({})).toMatchObject({
      checkExternal: false,
      maxExternal: DEFAULT_CRAWL_MAX_EXTERNAL,
    });
    expect(crawlOptionsSchema.parse({ checkExternal: true, maxExternal: 7 })).toMatchObject({
      checkExternal: true,
      maxExternal: 7,
    });
  });

  it('refuse a cap outside 1 to MAX_CRAWL_EXTERNAL, and a non-boolean switch', () => {
    const message = (input: unknown) => {
      const parsed = crawlOptionsSchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message({ maxExternal: MAX_CRAWL_EXTERNAL })).toBeNull();
    expect(message({ maxExternal: MAX_CRAWL_EXTERNAL + 1 })).toBe(
      'At most 2000 external links are checked.',
    );
    expect(message({ maxExternal: 0 })).toBe('At least one external link is checked.');
    expect(message({ maxExternal: 1.5 })).not.toBeNull();
    expect(message({ checkExternal: 'yes' })).not.toBeNull();
  });
});
