import { describe, expect, it } from 'vitest';
import { type CrawlUrlRules, crawlKey, crawlScope, DEFAULT_CRAWL_URL_RULES } from './crawl-url.ts';

describe('crawlKey', () => {
  it('gives one key to every spelling of one page', () => {
    const spellings = [
      'https://Example.COM/a/b?x=1',
      'https://example.com:443/a/b?x=1',
      'https://example.com./a/b?x=1',
      'https://example.com/a/b?x=1#reviews',
      'https://example.com/a/./c/../b?x=1',
      'https://example.com/%61/b?x=1',
      'https://example.com/a/b?x=1&utm_source=news&utm_medium=mail',
      'https://example.com/a/b?gclid=abc&x=1',
      'https://example.com/a/b?x=1&FBCLID=zz',
    ];
    expect(new Set(spellings.map((href) => crawlKey(href)))).toEqual(
      new Set(['https://example.com/a/b?x=1']),
    );
  });

  it('resolves relative links against the linking page', () => {
    const base = 'https://example.com/shop/shoes/index.html';
    expect(crawlKey('red.html', base)).toBe('https://example.com/shop/shoes/red.html');
    expect(crawlKey('../hats/', base)).toBe('https://example.com/shop/hats/');
    expect(crawlKey('/about', base)).toBe('https://example.com/about');
    expect(crawlKey('//cdn.example.com/x', base)).toBe('https://cdn.example.com/x');
    expect(crawlKey('?page=2', base)).toBe('https://example.com/shop/shoes/index.html?page=2');
    expect(crawlKey('#top', base)).toBe('https://example.com/shop/shoes/index.html');
    expect(crawlKey('  /padded  ', base)).toBe('https://example.com/padded');
  });

  it('keeps what can change the page: other parameters, their order, reserved escapes', () => {
    expect(crawlKey('https://example.com/s?q=a+b&page=2')).toBe(
      'https://example.com/s?q=a+b&page=2',
    );
    expect(crawlKey('https://example.com/s?page=2&q=x')).not.toBe(
      crawlKey('https://example.com/s?q=x&page=2'),
    );
    expect(crawlKey('https://example.com/a%2fb')).toBe('https://example.com/a%2Fb');
    expect(crawlKey('https://example.com/caf%c3%a9')).toBe('https://example.com/caf%C3%A9');
    expect(crawlKey('https://example.com/a/b/')).not.toBe(crawlKey('https://example.com/a/b'));
    expect(crawlKey('http://example.com/')).not.toBe(crawlKey('https://example.com/'));
    expect(crawlKey('https://example.com:8443/')).toBe('https://example.com:8443/');
  });

  it('drops an emptied query and empty pairs', () => {
    expect(crawlKey('https://example.com/p?utm_campaign=x')).toBe('https://example.com/p');
    expect(crawlKey('https://example.com/p?&&a=1&&')).toBe('https://example.com/p?a=1');
    expect(crawlKey('https://example.com/p?')).toBe('https://example.com/p');
  });

  it('ignores the parameters the crawl names instead of the defaults', () => {
    const rules = { ignoredQueryParameters: ['sessionid', 'ref*'] };
    expect(
      crawlKey('https://example.com/p?SessionId=1&referrer=x&utm_source=y', undefined, rules),
    ).toBe('https://example.com/p?utm_source=y');
    expect(
      crawlKey('https://example.com/p?utm_source=y', undefined, { ignoredQueryParameters: [] }),
    ).toBe('https://example.com/p?utm_source=y');
    // An escaped name is compared decoded; a malformed escape is compared as written.
    expect(crawlKey('https://example.com/p?utm%5Fsource=y&%zz=1')).toBe(
      'https://example.com/p?%zz=1',
    );
  });

  it('names no page for what a crawl cannot fetch', () => {
    for (const href of [
      'mailto:team@example.com',
      'tel:+100',
      'javascript:void(0)',
      'data:text/html,hi',
      'ftp://example.com/file',
      'https://user:secret@example.com/',
      'http://',
    ]) {
      expect(crawlKey(href, 'https://example.com/')).toBeNull();
    }
    expect(crawlKey('not a url')).toBeNull();
    // An empty href is a link to the linking page itself.
    expect(crawlKey('', 'https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1');
  });
});

describe('crawlScope', () => {
  const rules = (overrides: Partial<CrawlUrlRules> = {}): CrawlUrlRules => ({
    ...DEFAULT_CRAWL_URL_RULES,
    ...overrides,
  });

  it('follows the start host under either scheme, and nothing else by default', () => {
    const scope = crawlScope('https://www.example.com/', rules());
    expect(scope.isInternal('https://www.example.com/a')).toBe(true);
    expect(scope.isInternal('http://www.example.com/a')).toBe(true);
    expect(scope.isInternal('https://example.com/a')).toBe(false);
    expect(scope.isInternal('https://blog.example.com/a')).toBe(false);
    expect(scope.isInternal('https://example.org/a')).toBe(false);
    expect(scope.isInternal('https://www.example.com.evil.test/a')).toBe(false);
    expect(scope.isInternal('mailto:x@www.example.com')).toBe(false);
    expect(scope.isInternal('not a url')).toBe(false);
  });

  it('takes in the subdomains when asked, not lookalike hosts', () => {
    const scope = crawlScope('https://www.example.com/', rules({ includeSubdomains: true }));
    expect(scope.isInternal('https://example.com/a')).toBe(true);
    expect(scope.isInternal('https://blog.example.com/a')).toBe(true);
    expect(scope.isInternal('https://a.b.example.com/a')).toBe(true);
    expect(scope.isInternal('https://badexample.com/a')).toBe(false);
    expect(scope.isInternal('https://example.com.evil.test/a')).toBe(false);
  });

  it('applies include and exclude patterns to the path and query; exclude wins', () => {
    const scope = crawlScope(
      'https://example.com/',
      rules({ include: ['/blog/*', '/about'], exclude: ['/blog/drafts/*', '*?print=1'] }),
    );
    expect(scope.isIncluded('https://example.com/blog/one')).toBe(true);
    expect(scope.isIncluded('https://example.com/about')).toBe(true);
    expect(scope.isIncluded('https://example.com/about/team')).toBe(false);
    expect(scope.isIncluded('https://example.com/shop')).toBe(false);
    expect(scope.isIncluded('https://example.com/blog/drafts/two')).toBe(false);
    expect(scope.isIncluded('https://example.com/blog/one?print=1')).toBe(false);
    // Pattern characters other than `*` are literal.
    const literal = crawlScope('https://example.com/', rules({ include: ['/a.b(c)'] }));
    expect(literal.isIncluded('https://example.com/a.b(c)')).toBe(true);
    expect(literal.isIncluded('https://example.com/axb(c)')).toBe(false);
    expect(crawlScope('https://example.com/', rules()).isIncluded('https://example.com/x')).toBe(
      true,
    );
  });
});
