import type { PageSignals } from '@crawlwise/shared/site-findings';
import { assignCauses } from './checks/causes.ts';
import { runChecks } from './checks/run-checks.ts';
import { crawlLinksOf } from './crawl/page-links.ts';
import { pageSignalsOf } from './crawl/page-signals.ts';
import type { LinkRecord } from './page/outlinks.ts';
import { createPageContext, type PageContext } from './page/page-context.ts';
import { buildMetaJson } from './score/meta-json.ts';
import { scoreFindings } from './score/score.ts';
import { SCORE_MODEL_VERSION } from './score/score-config.ts';
import type { AnalysisReport, Artifacts } from './types.ts';

/**
 * An analysis, and for a page of a crawl the links it has (what the crawl follows) and the
 * signals the site findings read of it.
 */
export type PageAnalysis = AnalysisReport & { links?: LinkRecord; signals?: PageSignals };

/** The pure half of an analysis: artifacts → checks → score → report. No I/O. */
export function analyzeArtifacts(artifacts: Artifacts): PageAnalysis {
  const page = createPageContext(artifacts);
  const findings = assignCauses(runChecks(page));
  const { score, categories, issues } = scoreFindings(findings);
  return {
    url: artifacts.fetch.requestedUrl,
    finalUrl: artifacts.fetch.finalUrl,
    fetchedAt: artifacts.fetch.fetchedAt,
    score,
    scoreModel: SCORE_MODEL_VERSION,
    categories,
    issues,
    meta_json: buildMetaJson(page, findings),
    ...(artifacts.crawl ? crawlRecordOf(page, artifacts.crawl) : {}),
  };
}

function crawlRecordOf(
  page: PageContext,
  request: NonNullable<Artifacts['crawl']>,
): { links: LinkRecord; signals: PageSignals } {
  const links = crawlLinksOf(page, request);
  return { links, signals: pageSignalsOf(page, request.rules, links.served.externalCount) };
}
