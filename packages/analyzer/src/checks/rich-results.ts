import type { RichResultsDetails } from '@crawlwise/shared/check-details';
import { metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { jsonLdScript } from './fix-snippets.ts';
import { type JsonLdNode, jsonLdNodes, typesOf } from './json-ld.ts';
import {
  documentTitle,
  isAbsoluteHttpUrl,
  listPhrase,
  MAX_LISTED,
  plural,
  resolveUrl,
} from './markup-helpers.ts';
import { type PageValues, skeletonFor } from './rich-result-fix.ts';
import { type Judgement, judgeItem, type Resolve } from './rich-result-judge.ts';
import { isObject, RULE_BY_TYPE, RULES, type RuleName } from './rich-result-rules.ts';
import { propertyValue } from './social-fixes.ts';

/**
 * `rich-results` (social): is the page's JSON-LD eligible for the rich results Google shows for
 * its types (Article, Product, Offer, Review/AggregateRating, FAQPage, BreadcrumbList,
 * Organization, LocalBusiness, Event, Recipe, VideoObject, JobPosting; rich-result-rules.ts)?
 * Every item of every block is judged, top-level arrays and `@graph` containers unwrapped and
 * `{"@id": ...}` references followed. A missing required property or an invalid value warns
 * and names them, with a JSON-LD skeleton that fixes them in `details.fixSnippet`; missing
 * recommended properties only show in the details of a success.
 *
 * It judges the JSON-LD Google indexes: the rendered page when a browser rendered it, else the
 * server HTML (`details.source`). JSON-LD that only script adds is `rendered-structured-data`'s
 * finding; JSON that does not parse is `structured-data`'s. A page without JSON-LD, or with
 * none of these types, is not applicable.
 */

export interface RichResultItem {
  type: string;
  feature: string;
  block: number;
  /** Where the item sits in its block: '' for the block itself, '@graph[2]', '[1]'. */
  path: string;
  eligible: boolean;
  missingRequired: string[];
  missingRecommended: string[];
  invalid: Judgement['invalid'];
}

/** Items whose skeleton goes in the fix; more would make a snippet nobody pastes at once. */
const MAX_FIXED = 3;

/** Rules judged as part of the entity that references them, never alone when referenced. */
const PART_RULES: ReadonlySet<RuleName> = new Set([
  'Offer',
  'AggregateOffer',
  'Review',
  'AggregateRating',
]);

function pageValues(page: PageContext, doc: PageContext['document']): PageValues {
  const first = (key: string) => metaValues(doc, key)[0] || null;
  const image = first('og:image');
  return {
    url: page.url.href,
    title: first('og:title') ?? (documentTitle(doc) || null),
    description: first('description') ?? first('og:description'),
    image:
      image && isAbsoluteHttpUrl(resolveUrl(image, page.url)) ? resolveUrl(image, page.url) : null,
    siteName: first('og:site_name'),
    published: propertyValue(doc, 'article:published_time'),
    modified: propertyValue(doc, 'article:modified_time'),
  };
}

/** Every `{"@id": ...}` reference inside the nodes (not the nodes' own @id). */
function referencedIds(nodes: readonly JsonLdNode[]): Set<string> {
  const ids = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1);
    } else if (isObject(value)) {
      if (depth > 0 && typeof value['@id'] === 'string') ids.add(value['@id']);
      for (const [key, entry] of Object.entries(value)) {
        if (key !== '@id') visit(entry, depth + 1);
      }
    }
  };
  for (const { node } of nodes) visit(node, 0);
  return ids;
}

function describe(item: RichResultItem): string {
  const parts: string[] = [];
  if (item.missingRequired.length > 0) parts.push(`add ${listPhrase(item.missingRequired)}`);
  if (item.invalid.length > 0) {
    parts.push(
      `fix ${item.invalid.map((v) => `${v.property} ("${v.value}": ${v.problem})`).join('; ')}`,
    );
  }
  return `In the ${item.type}${item.path ? ` at ${item.path}` : ''} of JSON-LD block ${item.block}, ${parts.join(' and ')}.`;
}

export const richResults: CheckOf<'rich-results'> = {
  meta: {
    id: 'rich-results',
    title: 'Rich-result eligibility',
    why: 'Google shows rich results (stars, prices, FAQs, breadcrumbs, event dates, recipe cards, job listings) only for structured data that has the properties it requires, with valid values. An item that lacks one is ignored for that feature.',
    howToFix:
      'Add the missing required properties to the JSON-LD items and correct the invalid values.',
    fixSnippet:
      'one <script type="application/ld+json"> per failing item (at most three): the item as the page wrote it with the missing required properties added (filled from the page title, description, og:image, URL and article dates where it can, else a placeholder in angle brackets naming what to write) and invalid values corrected.',
  },
  run(page): OutcomeOf<'rich-results'> {
    const rendered = page.renderedDocument;
    const doc = rendered ?? page.document;
    const source: RichResultsDetails['source'] = rendered ? 'rendered' : 'server';
    const { blocks, nodes } = jsonLdNodes(doc);
    if (blocks === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No structured data to earn rich results',
        details: { source, types: [], items: [] },
      };
    }

    const byId = new Map<string, JsonLdNode['node']>();
    for (const { node } of nodes) {
      if (typeof node['@id'] === 'string' && !byId.has(node['@id'])) byId.set(node['@id'], node);
    }
    const resolve: Resolve = (value) =>
      isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1
        ? (byId.get(value['@id']) ?? value)
        : value;
    const referenced = referencedIds(nodes);

    const items: RichResultItem[] = [];
    const toFix: Array<{ node: JsonLdNode; judgement: Judgement }> = [];
    const types = new Set<string>();
    for (const entry of nodes) {
      const nodeTypes = typesOf(entry.node);
      for (const type of nodeTypes) types.add(type);
      const rules = [
        ...new Set(nodeTypes.map((type) => RULE_BY_TYPE.get(type)).filter((r) => r !== undefined)),
      ];
      const isReferenced =
        typeof entry.node['@id'] === 'string' && referenced.has(entry.node['@id']);
      for (const rule of rules) {
        if (isReferenced && PART_RULES.has(rule)) continue;
        const judgement = judgeItem(entry.node, rule, !isReferenced, resolve);
        const eligible = judgement.missingRequired.length === 0 && judgement.invalid.length === 0;
        items.push({
          type: nodeTypes.find((type) => RULE_BY_TYPE.get(type) === rule) ?? rule,
          feature: RULES[rule].feature,
          block: entry.block,
          path: entry.path,
          eligible,
          missingRequired: judgement.missingRequired.map((m) => m.label),
          missingRecommended: judgement.missingRecommended.map((m) => m.label),
          invalid: judgement.invalid.slice(0, MAX_LISTED),
        });
        if (!eligible) toFix.push({ node: entry, judgement });
      }
    }

    const details = {
      source,
      types: [...types].slice(0, MAX_LISTED),
      items: items.slice(0, MAX_LISTED),
      itemCount: items.length,
    };
    if (items.length === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No rich-result types in the structured data',
        why: `The JSON-LD describes ${listPhrase([...types].slice(0, 5)) || 'nothing with an @type'}, none of which Google shows as a rich result. That is fine; Product, Article, FAQPage, BreadcrumbList, Event, Recipe and the like can earn one where they fit the page.`,
        details,
      };
    }

    const failing = items.filter((item) => !item.eligible);
    if (failing.length > 0) {
      const values = pageValues(page, doc);
      const fixed = Math.min(toFix.length, MAX_FIXED);
      const inlinedIds = new Set<string>();
      const fixSnippet = toFix
        .slice(0, MAX_FIXED)
        .map(({ node, judgement }) => {
          const fixed = skeletonFor(
            { item: node.node, judgement, context: node.context, resolve },
            values,
          );
          for (const id of fixed.inlinedIds) inlinedIds.add(id);
          return jsonLdScript(fixed.skeleton);
        })
        .join('\n');
      const referenced =
        inlinedIds.size > 0
          ? ` It writes the nodes referenced by @id (${[...inlinedIds].join(', ')}) inline, so remove those nodes from the graph.`
          : '';
      const first = failing[0]!;
      const message =
        failing.length === 1
          ? `${first.type} is not eligible for rich results: ${first.missingRequired.length > 0 ? `missing ${listPhrase(first.missingRequired)}` : `invalid ${listPhrase(first.invalid.map((v) => v.property))}`}`
          : `${failing.length} of ${plural(items.length, 'rich-result item')} are not eligible`;
      return {
        severity: 'warning',
        message,
        why: `Google ignores a ${listPhrase([...new Set(failing.map((item) => item.feature))])} item that lacks a required property or has an invalid value, so the page loses that rich result.`,
        howToFix: `${failing.slice(0, MAX_FIXED).map(describe).join(' ')} The fix snippet has them filled in from the page: replace its <...> placeholders and use ${fixed > 1 ? 'each block in place of its original item' : 'it in place of the original item'}.${referenced}`,
        details: { ...details, fixSnippet },
      };
    }

    const recommended = items.reduce((sum, item) => sum + item.missingRecommended.length, 0);
    const features = listPhrase([...new Set(items.map((item) => item.feature))]);
    return {
      severity: 'success',
      message: `Eligible for rich results: ${features}`,
      why:
        recommended > 0
          ? `Every item has the properties Google requires. ${plural(recommended, 'recommended property', 'recommended properties')} could still be added (listed in the details) for a fuller result.`
          : 'Every item has the properties Google requires and recommends.',
      details,
    };
  },
};
