import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedStructuredData } from './rendered-structured-data.ts';
import { runCheck } from './run-checks.ts';

const doc = (body: string) => `<html><head></head><body>${body}</body></html>`;
const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;
const PRODUCT = '{"@context":"https://schema.org","@type":"Product","name":"Table"}';
const ARTICLE =
  '{"@context":"https://schema.org","@graph":[{"@type":"Article"},{"@type":"Person"}]}';
const check = (server: string, after: string) =>
  runCheck(
    makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } }),
    renderedStructuredData,
  );

describe('rendered-structured-data', () => {
  it('passes when the blocks are the same (whitespace does not count)', () => {
    const finding = check(ld(PRODUCT), ld(JSON.stringify(JSON.parse(PRODUCT), null, 2)));
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({ server: ['Product'], rendered: ['Product'] });
  });

  it('passes a page without JSON-LD on either side', () => {
    expect(check('', '').message).toBe('No structured data, with or without JavaScript');
  });

  it('warns when script injects JSON-LD, naming its types', () => {
    const finding = check('', ld(ARTICLE));
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('Structured data only appears with JavaScript: Article, Person');
    expect(finding.details).toMatchObject({ server: [], addedByScript: ['Article, Person'] });
  });

  it('warns when script removes a block', () => {
    expect(check(ld(PRODUCT), '').message).toBe('JavaScript removes structured data: Product');
  });

  it('warns when script replaces a block', () => {
    const changed = PRODUCT.replace('Table', 'Chair');
    const finding = check(ld(PRODUCT), ld(changed));
    expect(finding.message).toBe('JavaScript changes the structured data');
    expect(finding.details).toMatchObject({
      addedByScript: ['Product'],
      removedByScript: ['Product'],
    });
  });

  it('compares an unparsable block by its text', () => {
    expect(check(ld('{oops'), ld('{oops')).severity).toBe('success');
    expect(check(ld('{oops'), ld('{oops!')).details).toMatchObject({
      addedByScript: ['unparsable JSON'],
    });
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedStructuredData).details.reason).toEqual(expect.any(String));
  });
});

describe('rendered-structured-data fix', () => {
  it('gives the JSON-LD script adds, to serve in the HTML', () => {
    const finding = check('', ld(PRODUCT));
    expect(finding.details.fixSnippet).toBe(
      '<script type="application/ld+json">\n{\n  "@context": "https://schema.org",\n  "@type": "Product",\n  "name": "Table"\n}\n</script>',
    );
    expect(finding.howToFix).toBe(
      'Serve the JSON-LD that script adds in the server HTML, as in the fix snippet, and drop the script that injects it.',
    );
  });

  it('gives the replacement blocks when script swaps them', () => {
    const finding = check(ld(PRODUCT), ld(ARTICLE));
    expect(finding.details.fixSnippet).toContain('"@type": "Article"');
    expect(finding.howToFix).toContain('in place of the blocks script replaces');
  });

  it('has no fix when script only removes blocks or adds unparsable ones', () => {
    expect(check(ld(PRODUCT), '').howToFix).toBe(renderedStructuredData.meta.howToFix);
    expect(check('', ld('{oops')).details.fixSnippet).toBeUndefined();
  });
});
