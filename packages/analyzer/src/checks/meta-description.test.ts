import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { metaDescription } from './meta-description.ts';

const run = (head: string, body = '') =>
  metaDescription.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));
const desc = (content: string) => `<meta name="description" content="${content}">`;

describe('meta-description check', () => {
  it('has stable meta', () => {
    expect(metaDescription.meta).toMatchObject({ id: 'meta-description' });
    expect(metaDescription.meta.why).toContain('70-160');
  });

  it('passes a description of 70-160 characters', () => {
    const value = 'd'.repeat(100);
    const outcome = run(desc(value));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Meta description length is good (100 characters)');
    expect(outcome.details).toEqual({ value, length: 100, count: 1, ignored: [] });
  });

  it('is critical when missing', () => {
    const outcome = run('<title>x</title>');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Page has no meta description');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 0, ignored: [] });
  });

  it('is critical when empty or without content', () => {
    expect(run(desc('  ')).message).toBe('Meta description is empty');
    const outcome = run('<meta name="description">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 1, ignored: [] });
  });

  it('warns when too short', () => {
    const outcome = run(desc('A short description.'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Meta description is too short (20 characters)');
  });

  it('warns when too long', () => {
    const outcome = run(desc('x'.repeat(161)));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Meta description is too long (161 characters)');
  });

  it('accepts the boundaries 70 and 160', () => {
    expect(run(desc('a'.repeat(70))).severity).toBe('success');
    expect(run(desc('a'.repeat(160))).severity).toBe('success');
    expect(run(desc('a'.repeat(69))).severity).toBe('warning');
  });

  it('measures after decoding entities and collapsing whitespace', () => {
    const outcome = run(desc(`${'&quot;'.repeat(35)}   \n  ${'b'.repeat(34)}`));
    expect(outcome.details).toMatchObject({ length: 70 });
    expect(outcome.severity).toBe('success');
  });

  it('matches the name case-insensitively', () => {
    const outcome = run(`<meta NAME="Description" content="${'c'.repeat(80)}">`);
    expect(outcome.severity).toBe('success');
  });

  it('ignores a description in the body, and says so', () => {
    const outcome = run('', desc('c'.repeat(80)));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Meta description ignored: it is in the <body>');
    expect(outcome.details).toMatchObject({ count: 0, ignored: [{ line: 1 }] });
  });

  it.each([
    ['an <iframe>', '<iframe src="javascript:false"></iframe>', '<iframe>'],
    ['an <img>', '<img src="/pixel.gif">', '<img>'],
    ['stray text', '&nbsp;', 'the text "&nbsp;"'],
  ])('ignores a description after %s that ended the head', (_, cut, by) => {
    const html = `<html>\n<head>\n<title>T</title>${cut}\n\n${desc('c'.repeat(80))}</head></html>`;
    const outcome = metaDescription.run(makePage({ html }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe(`Meta description ignored: the head ended at ${by} on line 3`);
    expect(outcome.why).toContain('The <meta name="description"> on line 5 is ignored');
    expect(outcome.why).toContain('Move that element into <body>');
  });

  it('reads a description that comes after </head> but before the body, as browsers do', () => {
    const html = `<html><head><title>T</title></head>\n${desc('c'.repeat(80))}\n<body></body></html>`;
    expect(metaDescription.run(makePage({ html })).severity).toBe('success');
  });

  it('warns about several descriptions', () => {
    const outcome = run(desc('e'.repeat(80)) + desc('f'.repeat(90)));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page has 2 meta descriptions');
    expect(outcome.details).toMatchObject({ length: 80, count: 2 });
  });

  it('names the length problem first when several apply', () => {
    const outcome = run(desc('short') + desc('other'));
    expect(outcome.message).toBe('Meta description is too short (5 characters)');
    expect(outcome.why).toContain('single description');
  });

  it('does not take <meta property="description"> for a meta description, and says why', () => {
    const outcome = run(`<meta property="description" content="${'c'.repeat(80)}">`);
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe(
      'Meta description ignored: it uses property=, and description is read from <meta name="description">',
    );
    expect(outcome.details).toMatchObject({
      count: 0,
      ignored: [{ element: '<meta property="description">', line: 1 }],
    });
  });

  it('counts one description when the same tag carries name= and property=', () => {
    const outcome = run(
      `<meta name="description" property="description" content="${'c'.repeat(80)}">`,
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({ count: 1, ignored: [] });
  });

  it('is not confused by an og:description', () => {
    const outcome = run(`<meta property="og:description" content="${'c'.repeat(80)}">`);
    expect(outcome.message).toBe('Page has no meta description');
  });
});

describe('meta-description fixes', () => {
  const fixOf = (head: string, body = '') => {
    const outcome = run(head, body);
    return {
      howToFix: outcome.howToFix,
      fixSnippet: (outcome.details as { fixSnippet?: string }).fixSnippet,
    };
  };
  const LONG =
    'Solid oak dining tables, chairs and sideboards, made to order in our Lyon workshop by three cabinet makers who have worked with French oak for twenty years and counting.';

  it('gives no fix for a good description', () => {
    expect(fixOf(desc('d'.repeat(100))).howToFix).toBeUndefined();
  });

  it('cuts a long description at a word boundary to 160 characters', () => {
    const fix = fixOf(desc(LONG));
    expect(fix.fixSnippet).toBe(
      '<meta name="description" content="Solid oak dining tables, chairs and sideboards, made to order in our Lyon workshop by three cabinet makers who have worked with French oak for twenty years and">',
    );
    expect(fix.howToFix).toBe(
      `Shorten the description at a word boundary, for example to ${fix.fixSnippet}.`,
    );
  });

  it('writes a missing description from the first long paragraph, escaped', () => {
    const fix = fixOf('', `<p>Short.</p><p>"Oak" ${LONG}</p>`);
    expect(fix.fixSnippet).toBe(
      '<meta name="description" content="&quot;Oak&quot; Solid oak dining tables, chairs and sideboards, made to order in our Lyon workshop by three cabinet makers who have worked with French oak for twenty">',
    );
    expect(fix.howToFix).toMatch(/^Add <meta name="description" .*> to <head> \(taken from/);
  });

  it('has no fix for a missing description when the page offers no text', () => {
    expect(fixOf('', '<p>Short.</p>').howToFix).toBeUndefined();
  });

  it('replaces a description named by property=', () => {
    expect(fixOf('<meta property="description" content="Oak tables.">').howToFix).toBe(
      'Replace it with <meta name="description" content="Oak tables.">, placed in <head> before any element that ends it.',
    );
  });

  it('expands a short description from og:description', () => {
    expect(
      fixOf(`${desc('Oak tables.')}<meta property="og:description" content="${LONG}">`).fixSnippet,
    ).toMatch(/^<meta name="description" content="Solid oak dining tables, .* twenty years and">$/);
  });

  it('keeps the first of several descriptions', () => {
    expect(fixOf(desc('d'.repeat(100)) + desc('e'.repeat(100))).howToFix).toBe(
      `Keep only <meta name="description" content="${'d'.repeat(100)}"> in <head> and remove the other 1 description tags.`,
    );
  });
});
