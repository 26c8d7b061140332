import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { crawlableAnchors } from './crawlable-anchors.ts';

const run = (inner: string) =>
  crawlableAnchors.run(makePage({ html: `<html><head></head><body>${inner}</body></html>` }));

describe('crawlable-anchors check', () => {
  it('has stable meta', () => {
    expect(crawlableAnchors.meta).toMatchObject({ id: 'crawlable-anchors' });
  });

  it('passes real links, fragments, mailto, tel and plain named anchors', () => {
    const outcome = run(
      '<a href="/pricing">Pricing</a><a href="https://other.org/">Other</a><a href="#faq">FAQ</a>' +
        '<a href="mailto:a@example.com">Mail</a><a href="tel:+123">Call</a><a name="top"></a><a id="x">x</a>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('All links are crawlable');
    expect(outcome.details).toEqual({
      total: 7,
      offenderCount: 0,
      offenders: [],
      controlCount: 0,
      controls: [],
    });
  });

  it('warns on a javascript: href', () => {
    const outcome = run('<a href="javascript:void(0)" onclick="go()">Open</a>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 link cannot be crawled (javascript: href)');
    expect(outcome.details).toEqual({
      total: 1,
      offenderCount: 1,
      offenders: [
        { reason: 'javascript: href', href: 'javascript:void(0)', text: 'Open', onclick: true },
      ],
      controlCount: 0,
      controls: [],
    });
  });

  it('recognises javascript: with odd case and whitespace', () => {
    expect(run('<a href="  JavaScript:go()">x</a>').severity).toBe('warning');
    expect(run('<a href="java\tscript:go()">x</a>').severity).toBe('warning');
  });

  it('takes "#" and empty hrefs with no sign of navigating as controls (Close, Print, menus)', () => {
    const outcome = run(
      '<a href="#" onclick="openMenu()">Menu</a><a href=" # ">Top</a><a href="  " onclick="window.print()">Print</a><a href>Close</a>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('All links are crawlable (4 anchors are interface controls)');
    expect(outcome.why).toContain('show no sign of leading to a page');
    expect(outcome.details).toMatchObject({
      offenderCount: 0,
      controlCount: 4,
      controls: [
        {
          reason: '# only',
          onclick: true,
          text: 'Menu',
          role: null,
          controlBy: 'placeholder href',
        },
        { reason: '# only', onclick: false, text: 'Top' },
        { reason: 'empty href', href: '  ', text: 'Print' },
        { reason: 'empty href', href: '', text: 'Close' },
      ],
    });
  });

  it('warns on "#" and empty hrefs that show they navigate', () => {
    const outcome = run(
      `<a href="#" onclick="location.href='/pricing'">Pricing</a><a href="" onclick="window.open('/help')">Help</a>` +
        '<a href="#" data-href="/blog">Blog</a><a href="#" role="link">Next</a><a href="#" onclick="router.push(\'/a\')">A</a>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('5 links cannot be crawled');
    expect(outcome.details).toMatchObject({
      offenderCount: 5,
      controlCount: 0,
      offenders: [
        { reason: '# only', text: 'Pricing', navigation: 'onclick navigates' },
        { reason: 'empty href', text: 'Help', navigation: 'onclick navigates' },
        { reason: '# only', text: 'Blog', navigation: 'data-href="/blog"' },
        { reason: '# only', text: 'Next', navigation: 'role="link"' },
        { reason: '# only', text: 'A', navigation: 'onclick navigates' },
      ],
    });
  });

  it('warns on a missing href with a click handler or role=link', () => {
    const outcome = run(
      '<a onclick="go()">Go</a><a role="link" aria-label="Next page"></a><a name="plain">Plain</a>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toEqual({
      total: 3,
      offenderCount: 2,
      offenders: [
        { reason: 'no href', href: null, text: 'Go', onclick: true },
        { reason: 'no href', href: null, text: 'Next page', onclick: false },
      ],
      controlCount: 0,
      controls: [],
    });
  });

  it.each([
    ['button', '<a href="#" role="button" aria-expanded="false">Menu</a>'],
    ['tab', '<a href="#" role="tab" aria-selected="true">Overview</a>'],
    ['menuitem', '<a href="javascript:void(0)" role="menuitem">Settings</a>'],
    ['switch', '<a href="javascript:toggle()" role="SWITCH fallback">Dark mode</a>'],
    ['button', '<a onclick="open()" role="button">Open</a>'],
  ])('reports an anchor with role=%s as an interface control, not a warning', (role, anchor) => {
    const outcome = run(anchor);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('All links are crawlable (1 anchor is an interface control)');
    expect(outcome.why).toContain(`role="${role}"`);
    expect(outcome.details).toMatchObject({
      offenderCount: 0,
      controlCount: 1,
      controls: [{ role }],
    });
  });

  it('keeps javascript: links and navigating "#" links beside controls as warnings', () => {
    const outcome = run(
      '<a href="#" role="tab">Overview</a><a href="#">Products</a><a href="javascript:go(\'/about\')">About</a>' +
        '<a href="#" role="link">Next</a>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('2 links cannot be crawled');
    expect(outcome.details).toMatchObject({
      offenderCount: 2,
      offenders: [{ text: 'About' }, { text: 'Next' }],
      controlCount: 2,
      controls: [
        { role: 'tab', text: 'Overview', reason: '# only', controlBy: 'role' },
        { role: null, text: 'Products', reason: '# only', controlBy: 'placeholder href' },
      ],
    });
  });

  it('names a listed anchor the way link-text does', () => {
    const outcome = run('<a href="#" title="Open the menu"><svg></svg></a>');
    expect(outcome.details).toMatchObject({ controls: [{ text: 'Open the menu' }] });
  });

  it('ignores anchors inside template', () => {
    expect(run('<template><a href="javascript:x()">x</a></template>').severity).toBe('success');
  });

  it('lists at most 20 offenders but counts all', () => {
    const outcome = run(
      Array.from({ length: 21 }, () => '<a href="javascript:go()">x</a>').join(''),
    );
    const details = outcome.details as { offenders: unknown[]; offenderCount: number };
    expect(details.offenderCount).toBe(21);
    expect(details.offenders).toHaveLength(20);
  });
});
