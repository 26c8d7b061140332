import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { headings } from './headings.ts';

const run = (inner: string) =>
  headings.run(makePage({ html: `<html><head></head><body>${inner}</body></html>` }));

describe('headings check', () => {
  it('has stable meta', () => {
    expect(headings.meta).toMatchObject({ id: 'headings' });
  });

  it('passes one h1 and levels that go down one at a time and back up freely', () => {
    const outcome = run('<h1>Topic</h1><h2>A</h2><h3>A.1</h3><h4>A.1.a</h4><h2>B</h2><h3>B.1</h3>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Heading structure is sound');
    expect(outcome.details).toMatchObject({
      h1Count: 1,
      emptyH1Count: 0,
      h1: ['Topic'],
      skips: [],
      skipCount: 0,
    });
    expect((outcome.details as { outline: unknown[] }).outline).toHaveLength(6);
  });

  it('warns when there is no h1', () => {
    const outcome = run('<h2>Section</h2><h3>Sub</h3>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page has no <h1> heading');
    expect(outcome.details).toMatchObject({ h1Count: 0, skips: [] });
  });

  it('treats an empty h1 as missing', () => {
    const outcome = run('<h1> <span></span> </h1><h2>Section</h2>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The <h1> heading is empty');
    expect(outcome.details).toMatchObject({ h1Count: 0, emptyH1Count: 1 });
  });

  it('takes the alt text of a logo image as heading text', () => {
    const outcome = run('<h1><img src="/logo.png" alt="Crawlwise"></h1>');
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ h1: ['Crawlwise'] });
  });

  it('warns when there are several h1', () => {
    const outcome = run('<h1>One</h1><h1>Two</h1><h1></h1>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page has 2 <h1> headings');
    expect(outcome.details).toMatchObject({ h1Count: 2, emptyH1Count: 1, h1: ['One', 'Two'] });
  });

  it('warns on a skipped level and lists it', () => {
    const outcome = run('<h1>Topic</h1><h2>Section</h2><h4>Deep</h4>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Heading level skips from h2 to h4');
    expect(outcome.details).toMatchObject({
      skips: [{ from: 'h2', to: 'h4', text: 'Deep' }],
      skipCount: 1,
    });
  });

  it('counts several skips', () => {
    const outcome = run('<h1>Topic</h1><h3>A</h3><h2>B</h2><h5>C</h5>');
    expect(outcome.message).toBe('Heading levels skip 2 times');
    expect(outcome.details).toMatchObject({
      skips: [
        { from: 'h1', to: 'h3' },
        { from: 'h2', to: 'h5' },
      ],
    });
  });

  it('lets the first heading be any level', () => {
    const outcome = run('<h3>Eyebrow</h3><h1>Topic</h1><h2>Section</h2>');
    expect(outcome.severity).toBe('success');
  });

  it('names the h1 problem first and explains the skips too', () => {
    const outcome = run('<h2>A</h2><h4>B</h4>');
    expect(outcome.message).toBe('Page has no <h1> heading');
    expect(outcome.why).toContain('Skipped heading levels');
    expect(outcome.details).toMatchObject({ skipCount: 1 });
  });

  it('ignores headings inside template', () => {
    const outcome = run('<h1>Topic</h1><template><h1>Other</h1><h4>x</h4></template>');
    expect(outcome.severity).toBe('success');
  });

  it('warns on a page without headings', () => {
    const outcome = run('<p>text</p>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({ h1Count: 0, outline: [] });
  });
});

describe('headings fix', () => {
  const page = (head: string, inner: string) =>
    headings.run(makePage({ html: `<html><head>${head}</head><body>${inner}</body></html>` }));

  it('writes a missing h1 from the page title, escaped', () => {
    const outcome = page('<title>Oak &amp; ash tables</title>', '<h2>Sizes</h2>');
    expect(outcome.details?.fixSnippet).toBe('<h1>Oak &amp; ash tables</h1>');
    expect(outcome.howToFix).toBe(
      'Add <h1>Oak &amp; ash tables</h1> at the top of the main content (from the page title; adjust it).',
    );
  });

  it('says to add an h1 without a snippet when the page has no title', () => {
    const outcome = run('<p>text</p>');
    expect(outcome.howToFix).toBe('Add one <h1> naming the topic.');
    expect(outcome.details?.fixSnippet).toBeUndefined();
  });

  it('turns the extra h1s into h2 and moves skipped levels up', () => {
    const outcome = run('<h1>Oak</h1><h1>Ash</h1><h4>Legs</h4>');
    expect(outcome.details?.fixSnippet).toBe('<h2>Ash</h2>\n<h2>Legs</h2>');
    expect(outcome.howToFix).toBe(
      'Keep <h1>Oak</h1> and turn the other 1 into <h2>; move the heading that skips a level up to one below the heading before it.',
    );
  });

  it('keeps the h1 that matches the page title, not the site name in the header (issue 27)', () => {
    const outcome = page(
      '<title>Faster Node.js binaries with V8 snapshots | V8</title>',
      '<header><h1>V8</h1></header><main><h1>Faster Node.js binaries with V8 snapshots</h1></main>',
    );
    expect(outcome.howToFix).toBe(
      'Keep <h1>Faster Node.js binaries with V8 snapshots</h1> (it matches the page title) and turn the other 1 into <h2>.',
    );
    expect(outcome.details?.fixSnippet).toBe('<h2>V8</h2>');
  });

  it('gives no fix for a sound outline', () => {
    expect(run('<h1>Oak</h1><h2>Legs</h2>').howToFix).toBeUndefined();
  });
});
