import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { structuredData } from './structured-data.ts';

const ld = (json: string, type = 'application/ld+json') =>
  `<script type="${type}">${json}</script>`;
const run = (...blocks: string[]) =>
  structuredData.run(
    makePage({ html: `<html><head>${blocks.join('')}</head><body></body></html>` }),
  );
const org = '{"@context":"https://schema.org","@type":"Organization","name":"Crawlwise"}';

describe('structured-data check', () => {
  it('has stable meta', () => {
    expect(structuredData.meta).toMatchObject({ id: 'structured-data' });
  });

  it('passes a page without JSON-LD and says it is optional', () => {
    const outcome = run('<script>var x = 1;</script>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('No structured data (optional)');
    expect(outcome.details).toEqual({ count: 0, types: [], problems: [] });
  });

  it('passes a valid block', () => {
    const outcome = run(ld(org));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Structured data is valid (1 block)');
    expect(outcome.details).toMatchObject({ count: 1, types: ['Organization'], problemCount: 0 });
  });

  it('accepts a top-level array, an @graph and @type arrays', () => {
    const array = `[${org},{"@context":"https://schema.org","@type":["Product","Thing"]}]`;
    const graph =
      '{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":"WebPage"}]}';
    const outcome = run(ld(array), ld(graph, ' Application/LD+JSON '));
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toMatchObject({
      count: 2,
      types: ['Organization', 'Product', 'Thing', 'WebSite', 'WebPage'],
    });
  });

  it('keeps entities and newlines of script text as written', () => {
    const outcome = run(
      ld('{\n "@context": "https://schema.org",\n "@type": "Thing",\n "name": "A &amp; B"\n}'),
    );
    expect(outcome.severity).toBe('success');
  });

  it('warns on a parse error and reports the block', () => {
    const outcome = run(ld(org), ld('{"@context":"https://schema.org","@type":"Thing",}'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('1 JSON-LD block does not parse');
    const details = outcome.details as { problems: Array<{ block: number; problem: string }> };
    expect(details.problems).toHaveLength(1);
    expect(details.problems[0]!.block).toBe(2);
    expect(details.problems[0]!.problem).toMatch(/^invalid JSON: /);
  });

  it('counts several parse errors', () => {
    expect(run(ld('{'), ld('nope')).message).toBe('2 JSON-LD blocks do not parse');
  });

  it('warns when @context or @type is missing', () => {
    const outcome = run(ld('{"@type":"Thing"}'), ld('{"@context":"https://schema.org"}'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Structured data lacks @context or @type');
    expect(outcome.details).toMatchObject({
      problems: [
        { block: 1, problem: 'missing @context' },
        { block: 2, problem: 'missing @type' },
      ],
    });
  });

  it('checks @graph containers and their items', () => {
    const outcome = run(ld('{"@graph":[{"@type":"WebSite"},{"name":"x"}]}'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({
      problems: [
        { block: 1, problem: '@graph without @context' },
        { block: 1, problem: 'missing @type (item 2)' },
      ],
    });
  });

  it('treats an empty block as a parse error and flags empty arrays and non-object items', () => {
    const empty = run(ld('  '));
    expect(empty.message).toBe('1 JSON-LD block does not parse');
    expect(empty.details).toMatchObject({ problems: [{ block: 1, problem: 'empty block' }] });
    const outcome = run(ld('[]'), ld(`[${org}, 42]`), ld('"text"'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Structured data lacks @context or @type');
    expect(outcome.details).toMatchObject({
      problems: [
        { block: 1, problem: 'empty array' },
        { block: 2, problem: 'not a JSON object (item 2)' },
        { block: 3, problem: 'not a JSON object' },
      ],
    });
  });
});

describe('structured-data fix', () => {
  const snippet = (outcome: ReturnType<typeof run>) =>
    (outcome.details as { fixSnippet?: string }).fixSnippet;

  it('repairs trailing commas and smart quotes when that makes the block parse', () => {
    const outcome = run(ld(org), ld('{“@context”:"https://schema.org","@type":"Thing","a":[1,],}'));
    expect(outcome.howToFix).toBe(
      'Replace block 2 (trailing commas or smart quotes removed) with the corrected JSON-LD of the fix snippet.',
    );
    expect(snippet(outcome)).toBe(
      '<script type="application/ld+json">\n{\n  "@context": "https://schema.org",\n  "@type": "Thing",\n  "a": [\n    1\n  ]\n}\n</script>',
    );
  });

  it('has no fix for a block the repair does not make valid', () => {
    const outcome = run(ld('{"@type": Thing}'));
    expect(outcome.howToFix).toBeUndefined();
    expect(snippet(outcome)).toBeUndefined();
  });

  it('adds @context to the items and the @graph that lack it', () => {
    const outcome = run(ld('[{"@type":"Thing"}]'), ld('{"@graph":[{"@type":"WebSite"}]}'));
    expect(outcome.howToFix).toBe(
      'Replace block 1 (@context added), block 2 (@context added) with the corrected JSON-LD of the fix snippet.',
    );
    expect(snippet(outcome)).toContain(
      '[\n  {\n    "@context": "https://schema.org",\n    "@type": "Thing"',
    );
    expect(snippet(outcome)).toContain('{\n  "@context": "https://schema.org",\n  "@graph"');
  });

  it('says what is left when only some problems have a fix', () => {
    const outcome = run(ld('{"@type":"Thing"}'), ld('{"@context":"https://schema.org"}'));
    expect(outcome.howToFix).toMatch(/, and fix the other problems listed\.$/);
  });
});
