import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { linkText } from './link-text.ts';

const run = (inner: string) =>
  linkText.run(makePage({ html: `<html><head></head><body>${inner}</body></html>` }));

describe('link-text check', () => {
  it('has stable meta', () => {
    expect(linkText.meta).toMatchObject({ id: 'link-text' });
  });

  it('passes descriptive links', () => {
    const outcome = run('<a href="/pricing">See pricing plans</a><a href="/blog">Our blog</a>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Link text is descriptive');
    expect(outcome.details).toEqual({
      total: 2,
      offenderCount: 0,
      offenders: [],
      hiddenDuplicates: 0,
    });
  });

  it('does not count a hidden nameless duplicate of a named link', () => {
    const outcome = run(
      '<div class="card"><a href="/post#top" aria-hidden="true" tabindex="-1"><img src="/p.jpg" alt=""></a>' +
        '<h3><a href="https://example.com/post">A post about bread</a></h3></div>' +
        '<div style="display:none"><a href="/post"></a></div>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ total: 3, offenderCount: 0, hiddenDuplicates: 2 });
  });

  it('still counts a nameless link that is visible, or hidden without a named twin', () => {
    const outcome = run(
      '<a href="/a"></a><a href="/a">Named</a><span hidden><a href="/orphan"></a></span>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({
      offenderCount: 2,
      offenders: [
        { href: '/a', text: '' },
        { href: '/orphan', text: '' },
      ],
      hiddenDuplicates: 0,
    });
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
        { href: '/a', text: 'Click HERE!', nameFrom: 'text' },
        { href: '/b', text: 'Read more »', nameFrom: 'text' },
        { href: '/c', text: 'Learn more…', nameFrom: 'text' },
        { href: '/d', text: 'More →', nameFrom: 'text' },
      ],
      hiddenDuplicates: 0,
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

  it('names a link by the alt text of its images when it has no text', () => {
    expect(run('<a href="/"><img src="/logo.png" alt="Crawlwise home"></a>').severity).toBe(
      'success',
    );
    const outcome = run('<a href="/x"><img src="/arrow.png" alt="more"></a>');
    expect(outcome.details).toMatchObject({
      offenders: [{ href: '/x', text: 'more', nameFrom: 'image alt' }],
    });
  });

  it('names a link by aria-label, then by aria-labelledby', () => {
    expect(run('<a href="/x" aria-label="Pricing plans"></a>').severity).toBe('success');
    expect(run('<a href="/x" aria-label="Read more"></a>').details).toMatchObject({
      offenders: [{ text: 'Read more', nameFrom: 'aria-label' }],
    });
    const labelled = run(
      '<h2 id="h">Pricing</h2><span id="p">plans</span><a href="/x" aria-labelledby="h missing p"></a>',
    );
    expect(labelled.severity).toBe('success');
    expect(
      run('<span id="m">More</span><a href="/x" aria-labelledby="m"></a>').details,
    ).toMatchObject({
      offenders: [{ text: 'More', nameFrom: 'aria-labelledby' }],
    });
  });

  it('does not call a link with a title and no text empty', () => {
    const outcome = run('<a href="/pricing" title="Pricing plans"><i class="icon"></i></a>');
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ total: 1, offenderCount: 0 });
    expect(run('<a href="/x" title="more"></a>').details).toMatchObject({
      offenders: [{ text: 'more', nameFrom: 'title' }],
    });
  });

  it('prefers the image alt to aria-label and title, and text to all of them', () => {
    expect(
      run('<a href="/x" aria-label="Pricing" title="Pricing"><img alt="here"></a>').severity,
    ).toBe('warning');
    expect(run('<a href="/x" title="Read more">Pricing plans</a>').severity).toBe('success');
  });

  it('reads past a text of symbols only, which names nothing', () => {
    expect(run('<a href="/next" title="Next chapter">→</a>').severity).toBe('success');
    expect(run('<a href="/next">→</a>').details).toMatchObject({
      offenders: [{ text: '→', nameFrom: null }],
    });
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
