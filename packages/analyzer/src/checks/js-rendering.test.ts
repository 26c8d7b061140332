import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { RenderArtifact } from '../types.ts';
import { jsRendering, missingWords } from './js-rendering.ts';

const words = (count: number, prefix = 'w') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(' ');
const doc = (text: string, extra = '') => `<html><body>${extra}<p>${text}</p></body></html>`;
const rendered = (html: string): RenderArtifact => ({ status: 'rendered', html });

describe('js-rendering check', () => {
  it('has stable meta', () => {
    expect(jsRendering.meta).toMatchObject({ id: 'js-rendering' });
  });

  it('passes when the server HTML carries the content', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc(words(100)), render: rendered(doc(words(110))) }),
    );
    expect(outcome).toEqual({
      severity: 'success',
      message: 'The content is in the server HTML',
      details: {
        serverWords: 100,
        renderedWords: 110,
        ratio: 0.91,
        missingWords: 10,
        missingSample: 'w100 w101 w102 w103 w104 w105 w106 w107 w108 w109',
      },
    });
  });

  it('is critical when most content appears only after script', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc('Loading'), render: rendered(doc(`Loading ${words(200)}`)) }),
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Most of the content only appears with JavaScript');
    expect(outcome.details).toMatchObject({
      serverWords: 1,
      renderedWords: 201,
      missingWords: 200,
    });
    const sample = String(outcome.details?.missingSample).split(' ');
    expect(sample).toHaveLength(30);
    expect(sample[0]).toBe('w0');
    expect(outcome.why).toContain('(only 0% without JavaScript)');
  });

  it('warns between 50% and 80% with at least 50 missing words', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc(words(100)), render: rendered(doc(`${words(100)} ${words(60, 'x')}`)) }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Some content only appears with JavaScript');
    expect(outcome.details).toMatchObject({ ratio: 0.63, missingWords: 60 });
  });

  it('names a small page whose text is mostly from script (under 50 missing words): a warning, not critical', () => {
    // Issue 27: below the 50-word floor such a page once read "The content is in the server HTML".
    const outcome = jsRendering.run(
      makePage({ html: doc(words(10)), render: rendered(doc(words(50))) }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('This page’s text comes from JavaScript');
    const fetched = jsRendering.run(
      makePage({ html: doc('Loading'), render: rendered(doc(`Loading ${words(34)}`)) }),
    );
    expect(fetched.severity).toBe('warning');
    expect(fetched.message).not.toBe('The content is in the server HTML');
    expect(fetched.why).toContain(
      'The server HTML has 1 visible word, the page after script runs 35',
    );
    expect(fetched.why).toContain('under the 50-word floor');
  });

  it('passes a small page when script adds only a few words', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc(words(2)), render: rendered(doc(words(8))) }),
    );
    expect(outcome.severity).toBe('success');
    const mostlyServer = jsRendering.run(
      makePage({ html: doc(words(30)), render: rendered(doc(words(45))) }),
    );
    expect(mostlyServer.message).toBe('The content is in the server HTML');
  });

  it('passes when script removes content or both are empty', () => {
    expect(
      jsRendering.run(makePage({ html: doc(words(80)), render: rendered(doc(words(5))) })).severity,
    ).toBe('success');
    const empty = jsRendering.run(makePage({ html: doc(''), render: rendered(doc('')) }));
    expect(empty.severity).toBe('success');
    expect(empty.details).toMatchObject({ ratio: 1, missingSample: '' });
    // Nothing to compare is not "the content is in the server HTML" (issue 27).
    expect(empty.outcome).toBe('not_applicable');
    expect(empty.message).toBe('No visible text, with or without JavaScript');
  });

  it('is a skipped success when no browser rendered the page', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc(words(300)), render: { status: 'skipped', reason: 'No browser' } }),
    );
    expect(outcome).toEqual({
      severity: 'success',
      outcome: 'skipped',
      message: 'JavaScript rendering check skipped',
      why: expect.stringContaining('(No browser)'),
      details: { serverWords: 300, renderedWords: null, scripts: 0 },
    });
  });

  it('names the status when a failed render gives no reason', () => {
    const outcome = jsRendering.run(makePage({ render: { status: 'failed' } }));
    expect(outcome.outcome).toBe('skipped');
    expect(outcome.why).toContain('(Render failed)');
    const noHtml = jsRendering.run(makePage({ render: { status: 'rendered' } }));
    expect(noHtml.why).toContain('(The render returned no HTML)');
  });

  it('is a skipped warning when an unrendered page looks like an app shell', () => {
    const outcome = jsRendering.run(
      makePage({
        html: doc('Loading', '<div id="root"></div><script src="/app.js"></script>'),
        render: { status: 'failed', reason: 'Timeout' },
      }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.outcome).toBe('skipped');
    expect(outcome.message).toBe('The page may need JavaScript to show its content');
    expect(outcome.why).toContain('only 1 visible words and loads 1 script,');
    expect(outcome.why).toContain('(Timeout)');
    expect(outcome.details).toMatchObject({ scripts: 1 });
  });

  it('pluralises scripts in the app-shell warning', () => {
    const outcome = jsRendering.run(
      makePage({ html: doc('', '<script></script><script></script>') }),
    );
    expect(outcome.why).toContain('loads 2 scripts,');
  });
});

describe('missingWords', () => {
  it('is a case-insensitive multiset difference in rendered order', () => {
    expect(missingWords(['a', 'B', 'b'], ['b', 'c', 'A', 'a', 'b', 'b'])).toEqual(['c', 'a', 'b']);
    expect(missingWords([], ['x'])).toEqual(['x']);
    expect(missingWords(['x'], [])).toEqual([]);
  });
});
