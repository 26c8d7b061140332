import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { linkText } from './link-text.ts';

const run = (inner: string) =>
  linkText.run(makePage({ html: `<html><head></head><body>${inner}</body></html>` }));

describe('link-text check', () => {
  it('has stable meta', () => {
    expect(linkText.meta).toMatchObject({ id: 'link-text', category: 'links' });
  });

  it('passes descriptive links', () => {
    const outcome = run('<a href="/pricing">See pricing plans</a><a href="/blog">Our blog</a>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Link text is descriptive');
    expect(outcome.details).toEqual({ total: 2, offenderCount: 0, offenders: [] });
  });

  it('passes a page without links', () => {
    expect(run('<p>text</p>').severity).toBe('success');
  });

  it('warns on generic text, case-insensitive, trimmed and without punctuation', () => {
    const outcome = run(
      '<a href="/a">Click HERE!</a><a href="/b"> Read more » </a><a href="/c">Learn more…</a><a href="/d">More &rarr;</a>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('4 links have generic or empty text');
    expect(outcome.details).toEqual({
      total: 4,
      offenderCount: 4,
      offenders: [
        { href: '/a', text: 'Click HERE!' },
        { href: '/b', text: 'Read more »' },
        { href: '/c', text: 'Learn more…' },
        { href: '/d', text: 'More →' },
      ],
    });
  });

  it('names a single offender in the message', () => {
    expect(run('<a href="/x">here</a>').message).toBe('1 link has generic text ("here")');
  });

  it('flags each phrase of the list', () => {
    for (const phrase of [
      'this',
      'link',
      'continue',
      'go',
      'start',
      'click this',
      'this page',
      'more info',
      'details',
      'en savoir plus',
    ]) {
      expect(run(`<a href="/x">${phrase}</a>`).severity, phrase).toBe('warning');
    }
  });

  it('does not flag phrases that contain a generic word among others', () => {
    expect(run('<a href="/x">Read more about pricing</a>').severity).toBe('success');
  });

  it('falls back to aria-label, then image alt', () => {
    expect(run('<a href="/x" aria-label="Pricing plans"></a>').severity).toBe('success');
    expect(run('<a href="/x" aria-label="Read more"></a>').severity).toBe('warning');
    expect(run('<a href="/"><img src="/logo.png" alt="Crawlwise home"></a>').severity).toBe(
      'success',
    );
    const outcome = run('<a href="/x"><img src="/arrow.png" alt="more"></a>');
    expect(outcome.details).toMatchObject({ offenders: [{ href: '/x', text: 'more' }] });
  });

  it('flags links with no text at all', () => {
    const outcome = run('<a href="/x"><img src="/icon.png"></a>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 link has no text');
    expect(outcome.details).toMatchObject({ offenders: [{ href: '/x', text: '' }] });
  });

  it('skips anchors that do not navigate (crawlable-anchors covers them)', () => {
    const outcome = run(
      '<a href="#top">here</a><a href="javascript:void(0)">more</a><a>here</a><a href="">go</a><template><a href="/t">here</a></template>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ total: 0 });
  });

  it('lists at most 20 offenders but counts all', () => {
    const outcome = run(Array.from({ length: 22 }, (_, i) => `<a href="/${i}">here</a>`).join(''));
    const details = outcome.details as { offenders: unknown[]; offenderCount: number };
    expect(details.offenderCount).toBe(22);
    expect(details.offenders).toHaveLength(20);
  });
});
