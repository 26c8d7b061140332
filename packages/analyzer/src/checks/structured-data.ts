import type { Element } from 'domhandler';
import { isText } from 'domhandler';
import { elementsByTag } from '../page/dom.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { jsonLdScript } from './fix-snippets.ts';
import { MAX_LISTED, plural, truncate } from './markup-helpers.ts';

/**
 * `structured-data` (social): every `<script type="application/ld+json">` block parses as JSON and
 * each item carries `@context` and `@type`. A top-level array of items and an `@graph` container
 * (whose `@context` its items inherit) are allowed. A parse error or a missing `@context`/`@type`
 * warns. A page without JSON-LD passes with `details.count` 0: structured data is optional, and
 * the message notes the opportunity.
 */

interface Problem {
  block: number;
  problem: string;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The raw script text; script content is not entity-decoded, and whitespace is kept. */
function rawText(el: Element): string {
  return el.children
    .filter(isText)
    .map((node) => node.data)
    .join('');
}

function typesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Checks one parsed block; pushes problems and collects the @type values found. */
function inspect(data: unknown, block: number, problems: Problem[], types: string[]): void {
  const items: Array<{ item: unknown; inheritedContext: boolean }> = [];
  if (Array.isArray(data)) {
    for (const item of data) items.push({ item, inheritedContext: false });
  } else if (isObject(data) && Array.isArray(data['@graph'])) {
    if (data['@context'] === undefined)
      problems.push({ block, problem: '@graph without @context' });
    for (const item of data['@graph']) items.push({ item, inheritedContext: true });
  } else {
    items.push({ item: data, inheritedContext: false });
  }
  if (items.length === 0) problems.push({ block, problem: 'empty array' });

  items.forEach(({ item, inheritedContext }, index) => {
    const where = items.length > 1 || inheritedContext ? ` (item ${index + 1})` : '';
    if (!isObject(item)) {
      problems.push({ block, problem: `not a JSON object${where}` });
      return;
    }
    if (!inheritedContext && item['@context'] === undefined) {
      problems.push({ block, problem: `missing @context${where}` });
    }
    const itemTypes = typesOf(item['@type']);
    if (itemTypes.length === 0) problems.push({ block, problem: `missing @type${where}` });
    types.push(...itemTypes);
  });
}

/**
 * The block made valid when the only faults are trailing commas (the most common hand-editing
 * slip) or smart quotes around keys and strings; null when that is not enough. A comma inside a
 * string could be touched too, so the repair is only offered when the result parses.
 */
export function repairJson(text: string): unknown {
  const repaired = text.replace(/[\u201c\u201d]/g, '"').replace(/,(\s*[}\]])/g, '$1');
  if (repaired === text) return null;
  try {
    return JSON.parse(repaired);
  } catch {
    return null;
  }
}

/** The block with "@context" added to the items that lack it (and to an @graph container). */
function withContext(data: unknown): unknown {
  const add = (item: unknown) =>
    isObject(item) && item['@context'] === undefined
      ? { '@context': 'https://schema.org', ...item }
      : item;
  if (Array.isArray(data)) return data.map(add);
  return add(data);
}

export const structuredData: CheckOf<'structured-data'> = {
  meta: {
    id: 'structured-data',
    title: 'Structured data',
    why: 'JSON-LD structured data describes the page (article, product, organisation...) in a form search engines read reliably and can turn into rich results. Each block must be valid JSON with @context and @type.',
    howToFix:
      'Fix each JSON-LD block so it is valid JSON with @context (https://schema.org) and @type.',
    fixSnippet:
      'the corrected <script type="application/ld+json"> of each block it can repair: trailing commas and smart quotes removed, "@context": "https://schema.org" added to items that lack it. Rich-result properties are the rich-results check\'s fix.',
  },
  run(page): OutcomeOf<'structured-data'> {
    const blocks = elementsByTag(page.document, 'script').filter(
      (el) => (el.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json',
    );
    if (blocks.length === 0) {
      return {
        severity: 'success',
        message: 'No structured data (optional)',
        why: 'The page has no JSON-LD. It is optional, but adding schema.org markup (for example Organization, Article or Product) can earn rich results in search.',
        details: { count: 0, types: [], problems: [] },
      };
    }

    const problems: Problem[] = [];
    const types: string[] = [];
    let parseErrors = 0;
    /** Blocks we can write corrected: parse errors repaired, missing @context added. */
    const fixed: Array<{ block: number; script: string; change: string }> = [];
    blocks.forEach((el, index) => {
      const block = index + 1;
      const text = rawText(el).trim();
      if (text === '') {
        parseErrors++;
        problems.push({ block, problem: 'empty block' });
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (error) {
        parseErrors++;
        const repaired = repairJson(text);
        if (repaired !== null) {
          fixed.push({
            block,
            script: jsonLdScript(withContext(repaired)),
            change: 'trailing commas or smart quotes removed',
          });
        }
        problems.push({
          block,
          problem: `invalid JSON: ${truncate((error as Error).message, 160)}`,
        });
        return;
      }
      const before = problems.length;
      inspect(data, block, problems, types);
      if (problems.slice(before).some((p) => p.problem.includes('@context'))) {
        fixed.push({ block, script: jsonLdScript(withContext(data)), change: '@context added' });
      }
    });
    const fix =
      fixed.length === 0
        ? {}
        : {
            howToFix: `Replace ${fixed.map((f) => `block ${f.block} (${f.change})`).join(', ')} with the corrected JSON-LD of the fix snippet${problems.length > fixed.length ? ', and fix the other problems listed' : ''}.`,
          };
    const fixSnippet = fixed.map((f) => f.script).join('\n');

    const details = {
      count: blocks.length,
      types: [...new Set(types)],
      problems: problems.slice(0, MAX_LISTED),
      problemCount: problems.length,
      ...(fixed.length === 0 ? {} : { fixSnippet }),
    };
    if (parseErrors > 0) {
      return {
        severity: 'warning',
        message: `${plural(parseErrors, 'JSON-LD block')} ${parseErrors === 1 ? 'does' : 'do'} not parse`,
        why: 'Search engines drop a JSON-LD block that is not valid JSON, so its rich results are lost. Check it with a JSON validator; trailing commas, comments and unescaped quotes are the usual causes.',
        ...fix,
        details,
      };
    }
    if (problems.length > 0) {
      return {
        severity: 'warning',
        message: 'Structured data lacks @context or @type',
        why: 'Each JSON-LD item needs "@context": "https://schema.org" and an "@type" (such as Organization or Article), or search engines cannot tell what it describes.',
        ...fix,
        details,
      };
    }
    return {
      severity: 'success',
      message: `Structured data is valid (${plural(blocks.length, 'block')})`,
      details,
    };
  },
};
