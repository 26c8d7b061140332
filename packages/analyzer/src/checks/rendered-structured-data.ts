import { isText } from 'domhandler';
import { type Document, elementsByTag, isInside } from '../page/dom.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { jsonLdScript, withFix } from './fix-snippets.ts';
import { listPhrase, MAX_LISTED, plural } from './markup-helpers.ts';
import { bothSides, notRendered } from './render-diff.ts';

/**
 * `rendered-structured-data` (social): does script add, remove or change JSON-LD blocks? Google
 * reads JSON-LD that script injects, but crawlers that do not run script (Bing, AI crawlers) see
 * only what is in the server HTML, so any difference is a warning naming the types. Blocks are
 * compared by their parsed content (whitespace and key spacing do not count); an unparsable
 * block by its text.
 */

interface Block {
  key: string;
  label: string;
  /** The parsed JSON, for the fix snippet; undefined when the block does not parse. */
  data?: unknown;
}

/** Blocks the fix snippet repeats; beyond this the page has a template to fix, not blocks to paste. */
const MAX_SNIPPET_BLOCKS = 3;
const MAX_SNIPPET_CHARS = 20_000;

/** The JSON-LD that script adds, to serve in the HTML; null when too big to paste or unparsable. */
function addedBlocksSnippet(added: readonly Block[]): string | null {
  const scripts = added
    .filter((block) => block.data !== undefined)
    .slice(0, MAX_SNIPPET_BLOCKS)
    .map((block) => jsonLdScript(block.data));
  const snippet = scripts.join('\n');
  return scripts.length === 0 || snippet.length > MAX_SNIPPET_CHARS ? null : snippet;
}

function typesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(typesOf);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = record['@type'];
  const types =
    typeof own === 'string'
      ? [own]
      : Array.isArray(own)
        ? own.filter((t) => typeof t === 'string')
        : [];
  return [...types, ...(Array.isArray(record['@graph']) ? typesOf(record['@graph']) : [])];
}

function blocksOf(doc: Document): Block[] {
  return elementsByTag(doc, 'script')
    .filter(
      (el) =>
        (el.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json' &&
        !isInside(doc, el, 'template'),
    )
    .map((el) => {
      const raw = el.children
        .filter(isText)
        .map((node) => node.data)
        .join('')
        .trim();
      try {
        const data: unknown = JSON.parse(raw);
        const types = [...new Set(typesOf(data))];
        return {
          key: JSON.stringify(data),
          label: types.length > 0 ? types.join(', ') : 'no @type',
          data,
        };
      } catch {
        return { key: raw, label: 'unparsable JSON' };
      }
    });
}

/** Blocks of `list` whose content `other` lacks. */
function lackingBlocks(list: readonly Block[], other: readonly Block[]): Block[] {
  const keys = new Set(other.map((block) => block.key));
  return list.filter((block) => !keys.has(block.key));
}

const labels = (blocks: readonly Block[]) =>
  blocks.slice(0, MAX_LISTED).map((block) => block.label);

export const renderedStructuredData: CheckOf<'rendered-structured-data'> = {
  meta: {
    id: 'rendered-structured-data',
    title: 'Structured data with and without JavaScript',
    why: 'JSON-LD structured data describes the page to search engines (products, articles, events). Google reads JSON-LD that script injects, but crawlers that do not run JavaScript only see the blocks in the server HTML.',
    howToFix:
      'Put the JSON-LD in the server HTML, so crawlers that do not run JavaScript see the structured data too.',
    fixSnippet:
      'the JSON-LD blocks that script adds (at most three, up to 20,000 characters), as <script type="application/ld+json"> to serve in the HTML.',
  },
  run(page): OutcomeOf<'rendered-structured-data'> {
    const sides = bothSides(page, blocksOf);
    if (sides === null) return notRendered(page, 'Structured data')!;
    const added = lackingBlocks(sides.rendered, sides.server);
    const removed = lackingBlocks(sides.server, sides.rendered);
    const details = {
      server: labels(sides.server),
      rendered: labels(sides.rendered),
      addedByScript: labels(added),
      removedByScript: labels(removed),
    };
    const named = (blocks: readonly Block[]) =>
      `${plural(blocks.length, 'JSON-LD block')} (${listPhrase(labels(blocks))})`;
    if (added.length === 0 && removed.length === 0) {
      return {
        severity: 'success',
        message:
          sides.server.length === 0
            ? 'No structured data, with or without JavaScript'
            : 'The structured data is the same with and without JavaScript',
        details,
      };
    }
    const snippet = addedBlocksSnippet(added);
    const fix =
      snippet === null
        ? null
        : {
            howToFix: `Serve the JSON-LD that script adds in the server HTML${removed.length > 0 ? ' in place of the blocks script replaces' : ''}, as in the fix snippet, and drop the script that injects it.`,
            fixSnippet: snippet,
          };
    if (removed.length === 0) {
      return withFix(
        {
          severity: 'warning',
          message: `Structured data only appears with JavaScript: ${listPhrase(labels(added))}`,
          why: `Script adds ${named(added)} that the server HTML lacks. Google reads it after rendering; Bing and AI crawlers that do not run script miss it. Put the JSON-LD in the server HTML.`,
          details,
        },
        fix,
      );
    }
    if (added.length === 0) {
      return {
        severity: 'warning',
        message: `JavaScript removes structured data: ${listPhrase(labels(removed))}`,
        why: `The server HTML has ${named(removed)} that is gone after script runs, so Google, which reads the rendered page, may not see it. Keep the JSON-LD in the page.`,
        details,
      };
    }
    return withFix(
      {
        severity: 'warning',
        message: 'JavaScript changes the structured data',
        why: `Script replaces ${named(removed)} of the server HTML with ${named(added)}. Google reads the rendered blocks, crawlers that do not run script the server ones. Serve the final JSON-LD in the HTML.`,
        details,
      },
      fix,
    );
  },
};
