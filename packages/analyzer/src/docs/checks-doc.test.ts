import { readFileSync } from 'node:fs';
import { SITE_FINDING_IDS } from '@crawlwise/shared/site-findings';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../checks/index.ts';
import { CHECKS_DOC_PATH, renderChecksDoc } from './checks-doc.ts';

describe('docs/checks.md', () => {
  it('is what the check catalogue generates (run `npm run docs:checks` after changing a check)', () => {
    expect(readFileSync(CHECKS_DOC_PATH, 'utf8')).toBe(renderChecksDoc());
  });

  it('lists every check in catalogue order, with its points and texts', () => {
    const doc = renderChecksDoc();
    const rows = doc.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows.map((row) => row.split('|')[2]?.match(/`([a-z0-9-]+)`/)?.[1])).toEqual(
      ALL_CHECKS.map((check) => check.meta.id),
    );
    expect(doc).toContain('| 10 | [`title`](#title) | Metadata | Page title | 10 | 4 |');
    expect(doc).toContain('## crawlable-anchors');
    // Element names are code, so a Markdown viewer shows them instead of swallowing them.
    expect(doc).toContain('Give the page one `<title>` in `<head>` of 20-60 characters');
  });

  it('documents details.fixSnippet for the checks that write one', () => {
    const doc = renderChecksDoc();
    const withSnippet = ALL_CHECKS.filter((check) => check.meta.fixSnippet);
    expect(withSnippet.map((check) => check.meta.id)).toContain('canonical');
    expect(doc.split('Copyable fix (`details.fixSnippet`): ')).toHaveLength(withSnippet.length + 1);
    expect(doc).toContain(
      'Copyable fix (`details.fixSnippet`): the `<link rel="canonical">` to paste',
    );
  });

  it('states the rule and its sources for the checks that give them', () => {
    const doc = renderChecksDoc();
    const withRule = ALL_CHECKS.filter((check) => check.meta.rule);
    expect(withRule.map((check) => check.meta.id)).toContain('image-dimensions');
    // Page checks come first; every site-level finding (after them) states its rule too.
    const [pageChecks, siteFindings] = doc.split('\n# Site-level findings\n');
    expect(pageChecks?.split('\nRule: ')).toHaveLength(withRule.length + 1);
    expect(siteFindings?.split('\nRule: ')).toHaveLength(SITE_FINDING_IDS.length + 1);
    expect(doc).toContain(
      'Sources: [web.dev: Optimize Cumulative Layout Shift](https://web.dev/articles/optimize-cls); ',
    );
  });
});
