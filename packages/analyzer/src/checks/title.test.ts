import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { title } from './title.ts';

const run = (head: string, body = '') =>
  title.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));

describe('title check', () => {
  it('has stable meta', () => {
    expect(title.meta).toMatchObject({ id: 'title' });
    expect(title.meta.why).toContain('20-60');
  });

  it('passes a title of 20-60 characters', () => {
    const outcome = run('<title>Crawlwise — SEO analyser for developers</title>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Title length is good (39 characters)');
    expect(outcome.details).toEqual({
      value: 'Crawlwise — SEO analyser for developers',
      length: 39,
      count: 1,
      ignored: [],
    });
  });

  it('is critical when the title is missing', () => {
    const outcome = run('<meta charset="utf-8">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Page has no title');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 0, ignored: [] });
  });

  it('is critical when the title is empty or whitespace only', () => {
    const outcome = run('<title> \n&nbsp; </title>');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Title is empty');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 1, ignored: [] });
  });

  it('warns when too short', () => {
    const outcome = run('<title>Home</title>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Title is too short (4 characters)');
    expect(outcome.why).toContain('20-60');
  });

  it('warns when too long', () => {
    const outcome = run(`<title>${'a'.repeat(74)}</title>`);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Title is too long (74 characters)');
  });

  it('accepts the boundaries 20 and 60', () => {
    expect(run(`<title>${'a'.repeat(20)}</title>`).severity).toBe('success');
    expect(run(`<title>${'a'.repeat(60)}</title>`).severity).toBe('success');
    expect(run(`<title>${'a'.repeat(19)}</title>`).severity).toBe('warning');
    expect(run(`<title>${'a'.repeat(61)}</title>`).severity).toBe('warning');
  });

  it('measures after decoding entities and collapsing whitespace', () => {
    // 60 visible characters written with entities and runs of whitespace.
    const raw = `${'&amp;'.repeat(30)}  \n\t  ${'x'.repeat(29)}`;
    const outcome = run(`<title>${raw}</title>`);
    expect(outcome.details).toMatchObject({ length: 60 });
    expect(outcome.severity).toBe('success');
  });

  it('counts Unicode code points, not UTF-16 units', () => {
    const outcome = run(`<title>${'😀'.repeat(20)}</title>`);
    expect(outcome.details).toMatchObject({ length: 20 });
    expect(outcome.severity).toBe('success');
  });

  it('warns about several titles', () => {
    const outcome = run(
      '<title>A perfectly fine page title</title><title>A second title from a plugin</title>',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page has 2 title elements');
    expect(outcome.details).toMatchObject({ value: 'A perfectly fine page title', count: 2 });
  });

  it('names the length problem first and explains both when several apply', () => {
    const outcome = run('<title>Short</title><title>Other</title>');
    expect(outcome.message).toBe('Title is too short (5 characters)');
    expect(outcome.why).toContain('single <title>');
  });

  it('ignores a title in the body, and says so', () => {
    const outcome = run('', '<title>Title written in the body of the page</title>');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Title ignored: it is in the <body>');
    expect(outcome.details).toMatchObject({
      count: 0,
      ignored: [{ element: '<title>', line: 1, reason: 'it is in the <body>' }],
    });
  });

  it.each([
    ['an <iframe>', '<iframe src="javascript:false"></iframe>', '<iframe>'],
    ['an <img>', '<img src="/favicon.png">', '<img>'],
    ['stray text', 'Welcome!', 'the text "Welcome!"'],
  ])('ignores a title after %s that ended the head, naming it and its line', (_, cut, by) => {
    const html = `<!doctype html>\n<html><head>\n<meta charset="utf-8">\n${cut}\n<title>A perfectly fine page title</title>\n</head><body></body></html>`;
    const outcome = title.run(makePage({ html }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe(`Title ignored: the head ended at ${by} on line 4`);
    expect(outcome.why).toContain('The <title> on line 5 is ignored');
    expect(outcome.details).toMatchObject({
      count: 0,
      ignored: [{ element: '<title>', line: 5, reason: `the head ended at ${by} on line 4` }],
    });
  });

  it('reads a title before the element that ended the head, and lists the later one', () => {
    const outcome = run(
      '<title>A perfectly fine page title</title><iframe></iframe><title>Second</title>',
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ count: 1, ignored: [{ element: '<title>' }] });
  });

  it('ignores <title> inside inline SVG', () => {
    const outcome = run('', '<svg><title>Icon</title></svg>');
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({ count: 0 });
    const withTitle = run(
      '<title>A perfectly fine page title</title>',
      '<svg><title>Icon</title></svg>',
    );
    expect(withTitle.details).toMatchObject({ count: 1 });
    expect(withTitle.severity).toBe('success');
  });
});

describe('title fixes', () => {
  const fixOf = (head: string, body = '') => {
    const outcome = run(head, body);
    return {
      howToFix: outcome.howToFix,
      fixSnippet: (outcome.details as { fixSnippet?: string }).fixSnippet,
    };
  };

  it('gives no fix for a good title', () => {
    expect(
      fixOf('<title>Crawlwise — SEO analyser for developers</title>').howToFix,
    ).toBeUndefined();
  });

  it('cuts a long title to 60 characters without ending mid-phrase (issue 27)', () => {
    // Cut at a word boundary alone, this ended on "in".
    const fix = fixOf(
      '<title>Oak dining tables, chairs and sideboards made to order in our Lyon workshop</title>',
    );
    expect(fix.fixSnippet).toBe(
      '<title>Oak dining tables, chairs and sideboards made to order</title>',
    );
    expect(fix.howToFix).toBe(
      `Shorten the title to its first phrases, for example ${fix.fixSnippet}, or rewrite it to name the main topic first.`,
    );
    const using = fixOf(
      '<title>How we build fast, portable Node.js binaries using V8 startup snapshots today</title>',
    );
    expect(using.fixSnippet).toBe('<title>How we build fast, portable Node.js binaries</title>');
  });

  it('keeps whole phrases of a long title: up to a separator', () => {
    const fix = fixOf(
      '<title>Handmade oak dining tables built to order | Oak &amp; Co furniture workshop</title>',
    );
    expect(fix.fixSnippet).toBe('<title>Handmade oak dining tables built to order</title>');
  });

  it('says to rewrite a long title that cannot be cut at a phrase boundary', () => {
    const fix = fixOf(`<title>Oak ${'x'.repeat(70)} tables</title>`);
    expect(fix.fixSnippet).toBeUndefined();
    expect(fix.howToFix).toBe(
      "Rewrite the title in at most 60 characters, the page's main topic first: it cannot be cut shorter without breaking a phrase.",
    );
  });

  it('writes a missing title from og:title, else the first h1, escaped', () => {
    expect(
      fixOf('<meta property="og:title" content="Oak dining tables">', '<h1>Other</h1>').fixSnippet,
    ).toBe('<title>Oak dining tables</title>');
    const fix = fixOf('', '<h1>Tables &amp; &lt;chairs&gt;</h1>');
    expect(fix.fixSnippet).toBe('<title>Tables &amp; &lt;chairs></title>');
    expect(fix.howToFix).toMatch(/^Add <title>Tables &amp; &lt;chairs><\/title> to <head> \(/);
  });

  it('has no fix for a missing title when the page offers none', () => {
    expect(fixOf('', '<p>text</p>').howToFix).toBeUndefined();
  });

  it('moves a title that is outside the head', () => {
    expect(fixOf('', '<title>Oak dining tables made to order</title>').howToFix).toBe(
      'Move the title into <head>, before any element that ends it: <title>Oak dining tables made to order</title>.',
    );
  });

  it('expands a short title with the site name when that fits, else has no fix', () => {
    expect(
      fixOf('<title>Oak tables</title><meta property="og:site_name" content="Atelier Chêne">')
        .fixSnippet,
    ).toBe('<title>Oak tables | Atelier Chêne</title>');
    expect(fixOf('<title>Oak tables</title>').howToFix).toBeUndefined();
  });

  it('keeps the first of several titles', () => {
    expect(
      fixOf('<title>Oak dining tables made to order</title><title>Other title</title>').howToFix,
    ).toBe(
      'Keep only <title>Oak dining tables made to order</title> in <head> and remove the other 1 <title> elements.',
    );
  });
});
