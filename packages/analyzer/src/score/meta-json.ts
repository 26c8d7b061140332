import { detailsOf } from '@crawlwise/shared/check-details';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from '@crawlwise/shared/limits';
import { servedOverValidHttps } from '../checks/https.ts';
import { codePointLength, documentTitle } from '../checks/markup-helpers.ts';
import { loadTimeSeconds } from '../checks/response-time.ts';
import { collapseWhitespace, elementsByTag } from '../page/dom.ts';
import { metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Finding, MetaJson, Severity } from '../types.ts';

/**
 * The `meta_json` summary the report screen reads (CHECKS.md; product spec, point 3): its tiles
 * show technical (ssl, viewport), performance (loadTime in seconds), and the status of title,
 * meta description and word count, where `pass` counts as good.
 *
 * Statuses come from the findings (success → pass, warning → warning, critical → fail) so the
 * tiles never disagree with the issue list. Values come from the findings' details (`value`,
 * `length`, `count`) and are computed from the page only when a finding or detail is missing
 * (a check filtered out, or one that failed to run).
 */

type Status = MetaJson['title']['status'];

/** The word-count check's thin-content threshold (CHECKS.md), for the fallback only. */
const THIN_CONTENT_WORDS = 300;

const STATUS: Record<Severity, Status> = { success: 'pass', warning: 'warning', critical: 'fail' };

function statusFromLength(value: string | null, min: number, max: number): Status {
  if (value === null) return 'fail';
  const length = codePointLength(value);
  return length >= min && length <= max ? 'pass' : 'warning';
}

/** The text section (title, description) from its finding, or measured from the page. */
function textSection(
  id: 'title' | 'meta-description',
  finding: Finding | undefined,
  measured: string | null,
  min: number,
  max: number,
): MetaJson['title'] {
  const details = detailsOf(finding, id);
  const value = details?.value !== undefined ? details.value || null : measured || null;
  const length = details?.length ?? (value === null ? 0 : codePointLength(value));
  return {
    status: finding ? STATUS[finding.severity] : statusFromLength(value, min, max),
    value,
    length,
  };
}

function hasDeviceWidthViewport(page: PageContext): boolean {
  // As the viewport check: browsers apply a viewport tag wherever it is.
  const contents = elementsByTag(page.document, 'meta')
    .filter((el) => (el.attribs.name ?? '').trim().toLowerCase() === 'viewport')
    .map((el) => collapseWhitespace(el.attribs.content ?? ''));
  return contents.some((content) =>
    /(?:^|[,;\s])width\s*=\s*device-width(?:$|[,;\s])/i.test(content),
  );
}

export function buildMetaJson(page: PageContext, findings: readonly Finding[]): MetaJson {
  const byId = new Map(findings.map((finding) => [finding.id, finding]));
  const { fetch } = page.artifacts;
  const viewportFinding = byId.get('viewport');
  const wordCountFinding = byId.get('word-count');
  const serverWords = detailsOf(wordCountFinding, 'word-count')?.count ?? page.serverText.wordCount;

  return {
    technical: {
      ssl: servedOverValidHttps(fetch),
      viewport: viewportFinding
        ? viewportFinding.severity === 'success'
        : hasDeviceWidthViewport(page),
      statusCode: fetch.status,
      redirects: fetch.redirects.length,
    },
    performance: { loadTime: loadTimeSeconds(fetch.totalMs) },
    title: textSection(
      'title',
      byId.get('title'),
      documentTitle(page.document),
      TITLE_MIN_LENGTH,
      TITLE_MAX_LENGTH,
    ),
    metaDescription: textSection(
      'meta-description',
      byId.get('meta-description'),
      metaValues(page.document, 'description')[0] ?? null,
      DESCRIPTION_MIN_LENGTH,
      DESCRIPTION_MAX_LENGTH,
    ),
    wordCount: {
      status: wordCountFinding
        ? STATUS[wordCountFinding.severity]
        : serverWords === 0
          ? 'fail'
          : serverWords < THIN_CONTENT_WORDS
            ? 'warning'
            : 'pass',
      count: serverWords,
      renderedCount: page.renderedText?.wordCount ?? null,
    },
  };
}
