import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { hreflang } from './hreflang.ts';

const run = (head: string) =>
  hreflang.run(makePage({ html: `<html><head>${head}</head><body></body></html>` }));
const alt = (code: string, href: string) =>
  `<link rel="alternate" hreflang="${code}" href="${href}">`;

describe('hreflang check', () => {
  it('has stable meta', () => {
    expect(hreflang.meta).toMatchObject({ id: 'hreflang' });
  });

  it('passes when there are no alternates (not applicable)', () => {
    const outcome = run('<link rel="alternate" type="application/rss+xml" href="/feed">');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('No hreflang alternates (not applicable)');
    expect(outcome.outcome).toBe('not_applicable');
    expect(outcome.details).toEqual({ count: 0, offenders: [], ignored: [] });
  });

  it('passes valid alternates including x-default', () => {
    const outcome = run(
      alt('en', 'https://example.com/page') +
        alt('de-AT', 'https://example.com/de-at/page') +
        alt('x-default', 'http://example.com/page'),
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Hreflang alternates are valid (3)');
    expect(outcome.details).toMatchObject({
      count: 3,
      languages: ['en', 'de-at', 'x-default'],
      offenders: [],
      offenderCount: 0,
    });
  });

  it('warns on an invalid language code', () => {
    const outcome = run(alt('en_GB', 'https://example.com/uk'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 hreflang link is invalid');
    expect(outcome.details).toMatchObject({
      offenders: [
        { hreflang: 'en_GB', href: 'https://example.com/uk', problems: ['invalid language code'] },
      ],
    });
  });

  it('warns on relative, non-http and missing hrefs', () => {
    const outcome = run(
      alt('fr', '/fr/page') +
        alt('es', 'ftp://example.com/es') +
        '<link rel="alternate" hreflang="it">',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('3 hreflang links are invalid');
    expect(outcome.details).toMatchObject({
      offenders: [
        { hreflang: 'fr', problems: ['href is not an absolute http(s) URL'] },
        { hreflang: 'es', problems: ['href is not an absolute http(s) URL'] },
        { hreflang: 'it', href: '', problems: ['missing href'] },
      ],
    });
  });

  it('warns when one code points to two URLs, but not on a repeated identical link', () => {
    const outcome = run(
      alt('en', 'https://example.com/a') +
        alt('EN', 'https://example.com/a') +
        alt('en', 'https://example.com/b'),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({
      offenderCount: 1,
      offenders: [
        { href: 'https://example.com/b', problems: ['same language code points to another URL'] },
      ],
    });
  });

  it('reads hreflang from links whose rel has several tokens', () => {
    const outcome = run('<link rel="ALTERNATE nofollow" hreflang="" href="https://example.com/">');
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({ offenders: [{ problems: ['invalid language code'] }] });
  });

  it('warns when the only alternates are ignored after the end of the head', () => {
    const outcome = run(`<iframe></iframe>${alt('de', 'https://example.com/de')}`);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 hreflang link ignored: the head ended at <iframe> on line 1');
    expect(outcome.details).toMatchObject({
      count: 0,
      ignored: [{ element: '<link rel="alternate" hreflang="de">', line: 1 }],
    });
  });

  it('lists at most 20 offenders but counts all', () => {
    const links = Array.from({ length: 25 }, (_, i) => alt(`bad_${i}`, `/p${i}`)).join('');
    const outcome = run(links);
    const details = outcome.details as { offenders: unknown[]; offenderCount: number };
    expect(details.offenders).toHaveLength(20);
    expect(details.offenderCount).toBe(25);
  });
});

describe('hreflang fix', () => {
  it('corrects underscores and relative hrefs', () => {
    const outcome = run(
      alt('en_gb', '/en/page') + alt('X-Default', 'page') + alt('fr', 'https://example.com/fr'),
    );
    expect(outcome.details?.fixSnippet).toBe(
      '<link rel="alternate" hreflang="en-GB" href="https://example.com/en/page">\n<link rel="alternate" hreflang="x-default" href="https://example.com/page">',
    );
    expect(outcome.howToFix).toMatch(/^Replace the invalid alternates with:\n<link /);
  });

  it('names the links that need a choice', () => {
    const outcome = run(
      alt('zz-123456789', 'https://example.com/x') +
        alt('de', 'https://example.com/de') +
        alt('de', 'https://example.com/de2'),
    );
    expect(outcome.howToFix).toBe(
      'Decide by hand for hreflang="zz-123456789", hreflang="de" (unknown language, missing address or two addresses for one code).',
    );
    expect(outcome.details?.fixSnippet).toBeUndefined();
  });
});
