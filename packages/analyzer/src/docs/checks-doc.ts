import { SITE_FINDING_IDS, SITE_FINDINGS } from '@crawlwise/shared/site-findings';
import { ALL_CHECKS } from '../checks/index.ts';
import { CATALOGUE_BY_ID, SCORE_CATEGORIES } from '../score/score-config.ts';

/**
 * docs/checks.md, generated from the check catalogue (score/score-config.ts: order, category,
 * points) and each check's texts (id, title, why, how to fix, and the rule and its sources where
 * the check states them). `npm run docs:checks` writes it;
 * checks-doc.test.ts fails when the committed file is stale.
 */

export const CHECKS_DOC_PATH = new URL('../../../../docs/checks.md', import.meta.url);

/** Element names in the texts (`<title>`, `<meta name="...">`) are code, not markup. */
function markdownText(text: string): string {
  return text.replace(/<[a-z!/][^<>]*>/gi, (tag) => `\`${tag}\``);
}

function entryOf(id: string) {
  const entry = CATALOGUE_BY_ID.get(id);
  if (!entry) throw new Error(`Check "${id}" is not in the catalogue`);
  return entry;
}

export function renderChecksDoc(): string {
  const titleOf = new Map(SCORE_CATEGORIES.map(({ id, title }) => [id, title]));
  const lines = [
    '# Checks',
    '',
    '<!-- Generated from the check catalogue by `npm run docs:checks`; do not edit by hand. -->',
    '',
    `Every analysis runs these ${ALL_CHECKS.length} checks, in this order, and reports one finding`,
    'per check. A finding has an outcome: `passed`, `failed`, `not_applicable` (nothing on the page',
    'to judge) or `skipped` (the check could not judge the page). Only a failed finding costs',
    'points: the critical or the warning points below, capped within its category',
    '(see [score-model.md](score-model.md)). Check ids are stable and never renamed.',
    '',
    '| # | Id | Category | Check | Critical | Warning |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  ALL_CHECKS.forEach(({ meta }, index) => {
    const entry = entryOf(meta.id);
    lines.push(
      `| ${index + 1} | [\`${meta.id}\`](#${meta.id}) | ${titleOf.get(entry.category)} | ${meta.title} | ${entry.critical} | ${entry.warning} |`,
    );
  });
  for (const { meta } of ALL_CHECKS) {
    const entry = entryOf(meta.id);
    lines.push(
      '',
      `## ${meta.id}`,
      '',
      `**${meta.title}** · ${titleOf.get(entry.category)} · critical ${entry.critical} points, warning ${entry.warning} points`,
      '',
      `Why it matters: ${markdownText(meta.why)}`,
      '',
      `How to fix: ${markdownText(meta.howToFix)}`,
    );
    if (meta.rule) lines.push('', `Rule: ${markdownText(meta.rule)}`);
    if (meta.sources && meta.sources.length > 0) {
      const links = meta.sources.map(({ title, url }) => `[${title}](${url})`);
      lines.push('', `Sources: ${links.join('; ')}.`);
    }
    if (meta.fixSnippet) {
      lines.push('', `Copyable fix (\`details.fixSnippet\`): ${markdownText(meta.fixSnippet)}`);
    }
  }
  lines.push(...siteFindingsSection());
  return `${lines.join('\n')}\n`;
}

/** The crawl's site-level findings (shared/site-findings.ts), after the page checks. */
function siteFindingsSection(): string[] {
  const lines = [
    '',
    '# Site-level findings',
    '',
    `A crawl (a site check with \`source: "crawl"\`) also reports these ${SITE_FINDING_IDS.length} findings, read`,
    'from its link graph and from what each crawled page says of itself (its final address and',
    'redirect hops, noindex, canonical, hreflang and a MinHash signature of its main text). Each',
    'lists its affected addresses and, for link findings, the linking pages with their anchor text.',
    'A finding takes points off the site score up to its weight (see',
    '[score-model.md](score-model.md#site-score)). Ids are stable and never renamed.',
    '',
    '| Id | Finding | Severity | Weight |',
    '| --- | --- | --- | --- |',
  ];
  for (const id of SITE_FINDING_IDS) {
    const rule = SITE_FINDINGS[id];
    lines.push(`| [\`${id}\`](#${id}) | ${rule.title} | ${rule.severity} | ${rule.weight} |`);
  }
  for (const id of SITE_FINDING_IDS) {
    const rule = SITE_FINDINGS[id];
    lines.push(
      '',
      `## ${id}`,
      '',
      `**${rule.title}** · ${rule.severity} · at most ${rule.weight} points off the site score`,
      '',
      `Rule: ${markdownText(rule.rule)}`,
      '',
      `Why it matters: ${markdownText(rule.why)}`,
      '',
      `How to fix: ${markdownText(rule.howToFix)}`,
    );
  }
  return lines;
}
