import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { canonical, canonicalsFromLinkHeader, comparableUrl } from './canonical.ts';

interface Options {
  head?: string;
  body?: string;
  link?: string;
  url?: string;
}

const run = ({ head = '', body = '', link, url = 'https://example.com/page' }: Options) =>
  canonical.run(
    makePage({
      html: `<html><head>${head}</head><body>${body}</body></html>`,
      fetch: {
        finalUrl: url,
        headers: { 'content-type': 'text/html', ...(link === undefined ? {} : { link }) },
      },
    }),
  );

const tag = (href: string) => `<link rel="canonical" href="${href}">`;

describe('canonical check', () => {
  it('has stable meta', () => {
    expect(canonical.meta).toMatchObject({ id: 'canonical' });
  });

  it('passes a self-referencing canonical', () => {
    expect(run({ head: tag('https://example.com/page') })).toEqual({
      severity: 'success',
      message: 'The canonical URL points to this page',
      details: {
        pageUrl: 'https://example.com/page',
        canonical: 'https://example.com/page',
        declarations: [
          {
            source: 'link element',
            href: 'https://example.com/page',
            resolved: 'https://example.com/page',
          },
        ],
        ignored: [],
      },
    });
  });

  it('treats trailing slash, fragment, host case and default port as the same page', () => {
    expect(run({ head: tag('https://EXAMPLE.com:443/page/#top') }).severity).toBe('success');
    expect(run({ head: tag('/page'), url: 'https://example.com/page/' }).severity).toBe('success');
  });

  it('passes a relative canonical, resolved against <base href> when there is one', () => {
    expect(run({ head: tag('page') }).severity).toBe('success');
    const outcome = run({ head: `<base href="/docs/">${tag('page')}` });
    expect(outcome.severity).toBe('warning');
    expect(outcome.details?.canonical).toBe('https://example.com/docs/page');
  });

  it('ignores an unparseable <base href>', () => {
    expect(run({ head: `<base href="http://[bad">${tag('page')}` }).severity).toBe('success');
  });

  it('passes a canonical that drops the query string of the page', () => {
    const outcome = run({
      head: tag('https://example.com/page'),
      url: 'https://example.com/page?utm_source=news',
    });
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The canonical URL points to this page without its query string');
  });

  it('reads the Link header', () => {
    const outcome = run({ link: '<https://example.com/page>; rel="canonical"' });
    expect(outcome.severity).toBe('success');
    expect(outcome.details?.declarations).toEqual([
      {
        source: 'Link header',
        href: 'https://example.com/page',
        resolved: 'https://example.com/page',
      },
    ]);
  });

  it('ignores a canonical placed in the body, and says so', () => {
    const outcome = run({ body: tag('https://example.com/page') });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Canonical URL ignored: it is in the <body>');
    expect(outcome.why).toContain('The <link rel="canonical"> on line 1 is ignored');
    expect(outcome.details).toMatchObject({
      declarations: [],
      ignored: [{ element: '<link rel="canonical">', line: 1, reason: 'it is in the <body>' }],
    });
  });

  it('keeps the head canonical when the body declares another: no conflict', () => {
    const outcome = run({
      head: tag('https://example.com/page'),
      body: tag('https://example.com/other'),
    });
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The canonical URL points to this page');
    expect(outcome.why).toContain('It neither counts nor conflicts');
    expect(outcome.details).toMatchObject({
      canonical: 'https://example.com/page',
      declarations: [{ source: 'link element', href: 'https://example.com/page' }],
      ignored: [{ element: '<link rel="canonical">', reason: 'it is in the <body>' }],
    });
  });

  it('does not let a body canonical replace the head one', () => {
    const outcome = run({
      head: tag('https://example.com/elsewhere'),
      body: tag('https://example.com/page'),
    });
    expect(outcome.message).toBe(
      'The canonical URL points to another page: https://example.com/elsewhere',
    );
  });

  it('ignores a canonical after an element that ended the head, naming it and its line', () => {
    const outcome = run({
      head: `<title>T</title>\n<iframe src="javascript:false"></iframe>\n${tag('https://example.com/page')}`,
    });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Canonical URL ignored: the head ended at <iframe> on line 2');
  });

  it('still reads the Link header when the only canonical link is ignored', () => {
    const outcome = run({
      body: tag('https://example.com/other'),
      link: '<https://example.com/page>; rel="canonical"',
    });
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({
      declarations: [{ source: 'Link header' }],
      ignored: [{ element: '<link rel="canonical">' }],
    });
  });

  it('accepts the same canonical declared twice', () => {
    const outcome = run({
      head: tag('https://example.com/page'),
      link: '<https://example.com/page/>; rel=canonical',
    });
    expect(outcome.severity).toBe('success');
  });

  it('warns when there is no canonical', () => {
    const outcome = run({ head: '<link rel="alternate" href="https://example.com/fr">' });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('No canonical URL');
    expect(outcome.why).toContain('<link rel="canonical" href="https://example.com/page">');
  });

  it('is critical with several conflicting canonicals', () => {
    const outcome = run({
      head: tag('https://example.com/page') + tag('https://example.com/other'),
    });
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('2 conflicting canonical URLs');
    expect(outcome.details?.canonicals).toEqual([
      'https://example.com/page',
      'https://example.com/other',
    ]);
  });

  it('is critical when the HTML and the Link header disagree', () => {
    const outcome = run({
      head: tag('https://example.com/page'),
      link: '<https://example.com/a>; rel="canonical"',
    });
    expect(outcome.severity).toBe('critical');
  });

  it('warns on an invalid canonical', () => {
    const outcome = run({ head: tag('http://[bad') });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Invalid canonical URL');
    expect(outcome.why).toContain('"http://[bad"');
    expect(outcome.details?.invalid).toEqual(['http://[bad']);
  });

  it('warns on an empty or non-http canonical', () => {
    const empty = run({ head: '<link rel="canonical" href="">' });
    expect(empty.severity).toBe('warning');
    expect(empty.why).toContain('an empty address');
    expect(run({ head: '<link rel="canonical">' }).message).toBe('Invalid canonical URL');
    expect(run({ head: tag('javascript:void(0)') }).message).toBe('Invalid canonical URL');
  });

  it('warns about an invalid declaration next to a valid one', () => {
    const outcome = run({ head: tag('https://example.com/page') + tag('ftp://example.com/page') });
    expect(outcome.message).toBe('Invalid canonical URL');
  });

  it('warns on a cross-domain canonical', () => {
    const outcome = run({ head: tag('https://other.org/page') });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The canonical URL points to another domain (other.org)');
    expect(outcome.details?.canonical).toBe('https://other.org/page');
  });

  it('warns on an http canonical for an https page', () => {
    const outcome = run({ head: tag('http://example.com/page') });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe(
      'The canonical URL uses http:// but the page is served over https://',
    );
    expect(outcome.why).toContain('Use the https:// address');
  });

  it('warns on an https canonical for an http page', () => {
    const outcome = run({ head: tag('https://example.com/page'), url: 'http://example.com/page' });
    expect(outcome.message).toBe(
      'The canonical URL uses https:// but the page is served over http://',
    );
    expect(outcome.why).toContain('Use the same address');
  });

  it('warns when the canonical points to another page of the site, naming it', () => {
    const outcome = run({ head: tag('/') });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The canonical URL points to another page: https://example.com/');
  });

  it('treats the www host as the same site but another page', () => {
    const outcome = run({ head: tag('https://www.example.com/page') });
    expect(outcome.message).toBe(
      'The canonical URL points to another page: https://www.example.com/page',
    );
  });

  it('keeps a different query string as another page', () => {
    const outcome = run({
      head: tag('https://example.com/page?id=2'),
      url: 'https://example.com/page?id=1',
    });
    expect(outcome.severity).toBe('warning');
  });
});

describe('canonicalsFromLinkHeader', () => {
  it.each([
    ['<https://a.test/>; rel="canonical"', ['https://a.test/']],
    ['<https://a.test/>; rel=canonical', ['https://a.test/']],
    [
      '<https://a.test/x>; rel="alternate"; hreflang=fr, <https://a.test/>; REL="Canonical"',
      ['https://a.test/'],
    ],
    ['<https://a.test/>; rel="preload canonical"', ['https://a.test/']],
    ['<https://a.test/style.css>; rel=preload; as=style', []],
    ['', []],
  ])('%s → %j', (value, expected) => {
    expect(canonicalsFromLinkHeader(value)).toEqual(expected);
  });
});

describe('comparableUrl', () => {
  it('drops fragment and trailing slashes but keeps the root', () => {
    expect(comparableUrl(new URL('https://a.test/x//#y'))).toBe('https://a.test/x');
    expect(comparableUrl(new URL('https://a.test/'))).toBe('https://a.test/');
    expect(comparableUrl(new URL('https://a.test/x/?q=1'))).toBe('https://a.test/x?q=1');
  });
});

describe('canonical fixes', () => {
  const fixOf = (options: Options) => {
    const outcome = run(options);
    return {
      howToFix: outcome.howToFix,
      fixSnippet: (outcome.details as { fixSnippet?: string }).fixSnippet,
    };
  };

  it('gives no fix for a success', () => {
    expect(fixOf({ head: tag('https://example.com/page') })).toEqual({
      howToFix: undefined,
      fixSnippet: undefined,
    });
  });

  it('writes the missing link from the page address, without fragment and tracking parameters', () => {
    expect(fixOf({ url: 'https://example.com/page?id=2&utm_source=x&gclid=y#top' })).toEqual({
      howToFix: 'Add <link rel="canonical" href="https://example.com/page?id=2"> to <head>.',
      fixSnippet: '<link rel="canonical" href="https://example.com/page?id=2">',
    });
  });

  it('escapes the address for the attribute', () => {
    expect(fixOf({ url: 'https://example.com/a"b' }).fixSnippet).toBe(
      '<link rel="canonical" href="https://example.com/a%22b">',
    );
  });

  it('keeps the self-referencing one of conflicting canonicals', () => {
    const fix = fixOf({
      head: tag('https://example.com/other'),
      link: '<https://example.com/page>; rel="canonical"',
    });
    expect(fix.fixSnippet).toBe('<link rel="canonical" href="https://example.com/page">');
    expect(fix.howToFix).toMatch(/^Keep a single canonical, <link .*> in <head>, and remove/);
  });

  it('replaces an invalid canonical', () => {
    expect(fixOf({ head: tag('javascript:void(0)') }).howToFix).toBe(
      'Replace the invalid canonical with <link rel="canonical" href="https://example.com/page">.',
    );
  });

  it('offers the own address for a canonical on another domain or page', () => {
    for (const href of ['https://other.example/page', 'https://example.com/elsewhere']) {
      const fix = fixOf({ head: tag(href) });
      expect(fix.fixSnippet).toBe('<link rel="canonical" href="https://example.com/page">');
      expect(fix.howToFix).toMatch(/^If this page has its own content, replace the canonical/);
    }
  });

  it('switches the protocol of a canonical that only differs in it', () => {
    expect(fixOf({ head: tag('http://example.com/page/') }).fixSnippet).toBe(
      '<link rel="canonical" href="https://example.com/page/">',
    );
  });

  it('moves a canonical that is not in the head', () => {
    const fix = fixOf({ body: tag('https://example.com/page') });
    expect(fix.howToFix).toBe(
      'Move the canonical into <head>, before any element that ends it: <link rel="canonical" href="https://example.com/page">.',
    );
  });
});
