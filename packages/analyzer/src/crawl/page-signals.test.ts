import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { pageSignalsSchema } from '@crawlwise/shared/site-findings';
import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { MIN_FINGERPRINT_WORDS, pageSignalsOf } from './page-signals.ts';

const rules = DEFAULT_CRAWL_URL_RULES;
const html = (head: string, body = '') =>
  `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;
const words = (count: number, word = 'word') =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');

describe('the signals of a crawled page', () => {
  it('name the final address, its redirect hops, canonical and hreflang as crawl keys', () => {
    const page = makePage({
      html: html(
        `<link rel="canonical" href="/Other?utm_source=x#top">
         <link rel="alternate" hreflang="FR" href="https://example.com/fr/">
         <link rel="alternate" hreflang="x-default" href="/">`,
      ),
      fetch: {
        requestedUrl: 'http://EXAMPLE.com:80/old',
        finalUrl: 'https://example.com/page',
        redirects: [
          { url: 'http://EXAMPLE.com:80/old', status: 301, location: 'https://example.com/old' },
          { url: 'https://example.com/old', status: 302, location: '/page' },
        ],
      },
    });
    const signals = pageSignalsOf(page, rules, 4);
    expect(pageSignalsSchema.parse(signals)).toEqual(signals);
    expect(signals).toMatchObject({
      finalKey: 'https://example.com/page',
      status: 200,
      redirects: [
        { key: 'http://example.com/old', status: 301 },
        { key: 'https://example.com/old', status: 302 },
      ],
      noindex: false,
      canonical: 'https://example.com/Other',
      hreflang: [
        { lang: 'fr', key: 'https://example.com/fr/' },
        { lang: 'x-default', key: 'https://example.com/' },
      ],
      externalLinks: 4,
    });
  });

  it('read the canonical from the Link header before the head', () => {
    const page = makePage({
      html: html('<link rel="canonical" href="/from-head">'),
      fetch: { headers: { 'content-type': 'text/html', link: '</from-header>; rel="canonical"' } },
    });
    expect(pageSignalsOf(page, rules, 0).canonical).toBe('https://example.com/from-header');
  });

  it('say noindex from a robots meta tag or the X-Robots-Tag header', () => {
    expect(
      pageSignalsOf(makePage({ html: html('<meta name="robots" content="noindex">') }), rules, 0)
        .noindex,
    ).toBe(true);
    const header = makePage({
      html: html(''),
      fetch: { headers: { 'content-type': 'text/html', 'x-robots-tag': 'none' } },
    });
    expect(pageSignalsOf(header, rules, 0).noindex).toBe(true);
    expect(pageSignalsOf(makePage({ html: html('') }), rules, 0).noindex).toBe(false);
  });

  it('fingerprint the main text only from the minimum number of words', () => {
    const short = makePage({ html: html('', `<p>${words(MIN_FINGERPRINT_WORDS - 1)}</p>`) });
    expect(pageSignalsOf(short, rules, 0).fingerprint).toBeNull();
    const long = makePage({ html: html('', `<p>${words(MIN_FINGERPRINT_WORDS)}</p>`) });
    expect(pageSignalsOf(long, rules, 0).fingerprint).toMatch(/^[0-9a-f]{512}$/);
    // Navigation is not main text: the same article under another menu fingerprints the same.
    const menu = (label: string) => `<nav><a href="/">${label} ${words(20, label)}</a></nav>`;
    const a = makePage({ html: html('', `${menu('home')}<p>${words(80)}</p>`) });
    const b = makePage({ html: html('', `${menu('start')}<p>${words(80)}</p>`) });
    expect(pageSignalsOf(a, rules, 0).fingerprint).toBe(pageSignalsOf(b, rules, 0).fingerprint);
  });
});
