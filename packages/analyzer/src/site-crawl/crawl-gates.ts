import { SITE_FINDING_IDS, type SiteFindingId } from '@crawlwise/shared/site-findings';

/**
 * The --fail-on rules of `crawlwise crawl`: a crawl's gates read the site findings and the site
 * score instead of one page's checks. `rule` keeps the text the user wrote, for messages.
 */
export type CrawlGate =
  | { kind: 'finding'; id: SiteFindingId; rule: string }
  | { kind: 'site-score-below'; threshold: number; rule: string };

export interface CrawlGateFailure {
  rule: string;
  reason: string;
}

/** Short names for the findings a pipeline most often gates on. */
const NAMED_RULES: Record<string, SiteFindingId> = {
  'broken-links': 'broken-internal-links',
  orphans: 'orphan-pages',
};

const SITE_SCORE_RULE = /^site-score\s*<\s*(\d{1,3})$/;
const FINDING_RULE = /^finding:([a-z0-9-]+)$/;

export const CRAWL_GATE_RULES =
  'broken-links, orphans, site-score<N or finding:<id> (a site finding id)';

export function parseCrawlGate(rule: string): CrawlGate | { problem: string } {
  const named = NAMED_RULES[rule];
  if (named !== undefined) return { kind: 'finding', id: named, rule };
  const score = SITE_SCORE_RULE.exec(rule);
  if (score) {
    const threshold = Number(score[1]);
    if (threshold > 100) return { problem: `--fail-on ${rule}: site scores go from 0 to 100.` };
    return { kind: 'site-score-below', threshold, rule };
  }
  const finding = FINDING_RULE.exec(rule);
  if (finding) {
    const id = finding[1] as string;
    if ((SITE_FINDING_IDS as readonly string[]).includes(id)) {
      return { kind: 'finding', id: id as SiteFindingId, rule };
    }
    return {
      problem: `--fail-on ${rule}: no site finding is called ${id} (ids: ${SITE_FINDING_IDS.join(', ')}).`,
    };
  }
  return { problem: `Unknown --fail-on rule for a crawl: ${rule} (use ${CRAWL_GATE_RULES}).` };
}

/** Reads a --fail-on value: comma-separated rules, each parsed or a problem sentence. */
export function parseCrawlGates(value: string): { gates: CrawlGate[]; problems: string[] } {
  const gates: CrawlGate[] = [];
  const problems: string[] = [];
  for (const rule of value.split(',')) {
    const parsed = parseCrawlGate(rule.trim());
    if ('problem' in parsed) problems.push(parsed.problem);
    else gates.push(parsed);
  }
  return { gates, problems };
}

/** What the gates read of a crawl: its site score and findings (only those with items). */
export interface GatedCrawl {
  siteScore: number | null;
  findings: ReadonlyArray<{ id: SiteFindingId; items: ReadonlyArray<{ url: string }> }>;
}

export function evaluateCrawlGates(
  gates: readonly CrawlGate[],
  crawl: GatedCrawl,
): CrawlGateFailure[] {
  const failures: CrawlGateFailure[] = [];
  for (const gate of gates) {
    if (gate.kind === 'site-score-below') {
      if (crawl.siteScore === null) {
        failures.push({ rule: gate.rule, reason: 'no site score: no page was analysed' });
      } else if (crawl.siteScore < gate.threshold) {
        failures.push({
          rule: gate.rule,
          reason: `site score ${crawl.siteScore} < ${gate.threshold}`,
        });
      }
      continue;
    }
    const finding = crawl.findings.find((candidate) => candidate.id === gate.id);
    if (finding && finding.items.length > 0) {
      const first = finding.items.slice(0, 3).map((item) => item.url);
      const more = finding.items.length > 3 ? `, and ${finding.items.length - 3} more` : '';
      failures.push({
        rule: gate.rule,
        reason: `${finding.items.length} × ${gate.id}: ${first.join(', ')}${more}`,
      });
    }
  }
  return failures;
}
