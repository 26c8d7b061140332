import type { CauseId } from '@crawlwise/shared/causes';
import type { Finding } from '../types.ts';

/**
 * Which failed findings share a root cause (issue 27; the causes are listed in the shared
 * package's causes.ts). Pure, over the findings of one page, after the checks ran.
 *
 * `client-side-rendering`: when `js-rendering` failed (the content only appears after script),
 * a finding is explained by it if what the check misses is there once script has run — a
 * `rendered-*` comparison where the server HTML has nothing and script adds it, a title,
 * description, heading, canonical, structured data or hreflang that only script sets, or text
 * that only script writes. Rendering on the server fixes all of them at once, so the report names
 * that cause once, with its points, instead of a dozen separate to-dos.
 */

/** The crawler-view comparison that tells whether script adds what a check misses. */
const COMPARISON_OF: Readonly<Record<string, string>> = {
  title: 'rendered-title',
  'meta-description': 'rendered-meta-description',
  headings: 'rendered-h1',
  canonical: 'rendered-canonical',
  'structured-data': 'rendered-structured-data',
  'rich-results': 'rendered-structured-data',
  hreflang: 'rendered-hreflang',
};

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** A comparison whose server side is empty and whose rendered side is not: script added it. */
function addedByScript(finding: Finding | undefined): boolean {
  if (finding?.outcome !== 'failed') return false;
  const { server, rendered, change } = finding.details;
  if (change === 'added') return true;
  return isEmpty(server) && !isEmpty(rendered);
}

function explainedByRendering(finding: Finding, byId: ReadonlyMap<string, Finding>): boolean {
  if (finding.outcome !== 'failed') return false;
  if (finding.id === 'js-rendering') return true;
  if (finding.id.startsWith('rendered-')) return addedByScript(finding);
  if (finding.id === 'word-count') {
    const { count, renderedCount } = finding.details;
    return typeof count === 'number' && typeof renderedCount === 'number' && renderedCount > count;
  }
  const comparison = COMPARISON_OF[finding.id];
  return comparison !== undefined && addedByScript(byId.get(comparison));
}

/** The findings with `cause` set where a shared root cause explains them. */
export function assignCauses(findings: readonly Finding[]): Finding[] {
  const byId = new Map(findings.map((finding) => [finding.id, finding]));
  const rendering = byId.get('js-rendering');
  if (rendering?.outcome !== 'failed') return [...findings];
  const cause: CauseId = 'client-side-rendering';
  return findings.map((finding) =>
    explainedByRendering(finding, byId) ? { ...finding, cause } : finding,
  );
}
