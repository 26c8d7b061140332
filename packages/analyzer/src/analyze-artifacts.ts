import type { PageSignals, TextExcerpt } from '@crawlwise/shared/site-findings';
import { assignCauses } from './checks/causes.ts';
import { runChecks } from './checks/run-checks.ts';
import { crawlLinksOf } from './crawl/page-links.ts';
import { pageSignalsOf } from './crawl/page-signals.ts';
import { textExcerptOf } from './crawl/text-excerpt.ts';
import type { LinkRecord } from './page/outlinks.ts';
import { createPageContext, type PageContext, type ServedPage } from './page/page-context.ts';
import { buildMetaJson } from './score/meta-json.ts';
import { scoreFindings } from './score/score.ts';
import { SCORE_MODEL_VERSION } from './score/score-config.ts';
import type { AnalysisReport, Artifacts } from './types.ts';

/**
 * An analysis, and for a page of a crawl the links it has (what the crawl follows), the
 * signals the site findings read of it and an excerpt of its main text (the server stores it for
 * the audit's near-duplicate diff).
 */
export type PageAnalysis = AnalysisReport & {
  links?: LinkRecord;
  signals?: PageSignals;
  excerpt?: TextExcerpt;
};

/**
 * The pure half of an analysis: artifacts → checks → score → report. No I/O. `served`: the
 * served page already parsed (deriveServedPage of artifacts.fetch.html), or it is parsed here.
 */
export function analyzeArtifacts(artifacts: Artifacts, served?: ServedPage): PageAnalysis {
  const page = createPageContext(artifacts, served);
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
): { links: LinkRecord; signals: PageSignals; excerpt: TextExcerpt } {
  const links = crawlLinksOf(page, request);
  // The same text the fingerprint is taken from.
  const text = page.renderedText ?? page.serverText;
  return {
    links,
    signals: pageSignalsOf(page, request.rules, links.served.externalCount),
    excerpt: textExcerptOf(text.blocks),
  };
}
