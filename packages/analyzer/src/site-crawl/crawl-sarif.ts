import {
  SITE_FINDING_IDS,
  SITE_FINDINGS,
  type SiteFindingSeverity,
} from '@crawlwise/shared/site-findings';
import { pascalCase, SARIF_SCHEMA_URI, SARIF_VERSION } from '../report-formats/sarif.ts';
import type { CrawlDocument } from './crawl-document.ts';
import { SOURCES_SHOWN } from './crawl-outline.ts';

/**
 * A crawl as SARIF 2.1.0, with the page report's conventions (report-formats/sarif.ts): one run,
 * one rule per site finding of the catalogue (rule id = the finding id), one result per affected
 * item located at its address, line 1, with a stable partial fingerprint per address and finding
 * so a dashboard keeps one alert per item across runs. The linking pages are related locations.
 */

const LEVEL: Record<SiteFindingSeverity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  warning: 'warning',
  notice: 'note',
};

/** Linking pages attached to a result; the property `sourceCount` says how many there are. */
export const SARIF_RELATED_LOCATIONS = SOURCES_SHOWN * 10;

export function renderCrawlSarif(doc: CrawlDocument): string {
  const rules = SITE_FINDING_IDS.map((id) => {
    const rule = SITE_FINDINGS[id];
    return {
      id,
      name: pascalCase(id),
      shortDescription: { text: rule.title },
      fullDescription: { text: rule.why },
      help: { text: `${rule.why} ${rule.howToFix}` },
      defaultConfiguration: { level: LEVEL[rule.severity] },
      properties: { tags: ['seo', 'site'], weight: rule.weight },
    };
  });
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const location = (uri: string) => ({
    physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } },
  });
  const results = doc.findings.flatMap((finding) =>
    finding.items.map((item) => ({
      ruleId: finding.id,
      ruleIndex: ruleIndex.get(finding.id) as number,
      kind: 'fail',
      level: LEVEL[finding.severity],
      message: { text: `${finding.title}${item.detail ? `: ${item.detail}` : ''}. ${finding.why}` },
      locations: [location(item.url)],
      ...(item.sources.length > 0
        ? {
            relatedLocations: item.sources
              .slice(0, SARIF_RELATED_LOCATIONS)
              .map((source, index) => ({
                id: index,
                ...location(source.url),
                message: { text: source.anchor ? `linked as "${source.anchor}"` : 'linked here' },
              })),
          }
        : {}),
      partialFingerprints: { 'crawlwiseSiteFinding/v1': `${item.url}#${finding.id}` },
      properties: {
        severity: finding.severity,
        detail: item.detail,
        sourceCount: item.sources.length,
      },
    })),
  );
  const run = {
    tool: {
      driver: {
        name: doc.tool.name,
        version: doc.tool.version,
        semanticVersion: doc.tool.version,
        rules,
      },
    },
    invocations: [{ executionSuccessful: true }],
    results,
    properties: {
      startUrl: doc.startUrl,
      siteScore: doc.siteScore,
      base: doc.base,
      totals: doc.totals,
    },
  };
  return `${JSON.stringify({ $schema: SARIF_SCHEMA_URI, version: SARIF_VERSION, runs: [run] }, null, 2)}\n`;
}
