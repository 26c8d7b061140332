import type { AnalysisReport } from '@crawlwise/analyzer/types';
import { REPORT_MAX_STORED_KB, STORED_TEXT_MAX_CHARS } from '@crawlwise/shared/limits';
import { storableFinding } from '../db/stored-findings.ts';

/**
 * What a stored report may hold (issue 25: a page with a 4 MB title produced a 30 MB report,
 * since checks quote the title in their message, details and fix). Applied once, where a
 * finished analysis is written (JobQueue.complete):
 * 1. every string longer than STORED_TEXT_MAX_CHARS is cut, saying how long it was;
 * 2. if the JSON is still over REPORT_MAX_STORED_KB, the largest findings' details are left out
 *    (a note says so) until it fits — the report is kept, never lost.
 */

export function clipStoredText(text: string, max = STORED_TEXT_MAX_CHARS): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max);
  // Never end on half a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}… (${text.length.toLocaleString('en-US')} characters, clipped)`;
}

/**
 * `value` with every string clipped; copied only where something was clipped (an ordinary report
 * comes back as it is: copying every report whole was ~0.2 ms of each crawled page's end).
 */
function clipDeep(value: unknown): unknown {
  if (typeof value === 'string') return clipStoredText(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const each: unknown = value[index];
      const clipped = clipDeep(each);
      if (clipped !== each) {
        copy ??= [...value];
        copy[index] = clipped;
      }
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, each] of Object.entries(value)) {
      const clipped = clipDeep(each);
      if (clipped !== each) {
        copy ??= { ...value };
        copy[key] = clipped;
      }
    }
    return copy ?? value;
  }
  return value;
}

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * A bounded report with the JSON of its three stored JSON columns, each serialised once: the
 * size check reads the same strings the completing statement writes (measuring the whole report
 * apart was a third serialisation of ~30 KB of findings per crawled page). The findings' JSON
 * leaves out each `why` that is its check's own (db/stored-findings.ts puts it back on reading).
 */
export interface StoredReportJson {
  report: AnalysisReport;
  issues: string;
  metaJson: string;
  categories: string;
}

// A report built by hand (tests) may lack a column: JSON.stringify gives undefined, stored as NULL.
const byteLength = (json: string | undefined) => (json === undefined ? 0 : Buffer.byteLength(json));

function storedJsonOf(report: AnalysisReport): StoredReportJson & { bytes: number } {
  const issues = JSON.stringify(report.issues?.map(storableFinding));
  const metaJson = JSON.stringify(report.meta_json);
  const categories = JSON.stringify(report.categories);
  // The rest of the report, its three columns as `null` (4 bytes each) in their place.
  const rest = sizeOf({ ...report, issues: null, meta_json: null, categories: null }) - 12;
  const bytes = rest + byteLength(issues) + byteLength(metaJson) + byteLength(categories);
  return { report, issues, metaJson, categories, bytes };
}

export function storedReportJson(report: AnalysisReport): StoredReportJson {
  const bounded = clipDeep(report) as AnalysisReport;
  const limit = REPORT_MAX_STORED_KB * 1024;
  const stored = storedJsonOf(bounded);
  if (stored.bytes <= limit) return stored;
  let size = stored.bytes;
  const largest = bounded.issues
    .map((issue, index) => ({ index, bytes: sizeOf(issue.details ?? {}) }))
    .sort((a, b) => b.bytes - a.bytes);
  const issues = [...bounded.issues];
  for (const { index, bytes } of largest) {
    if (size <= limit) break;
    const issue = issues[index];
    if (!issue) continue;
    const omitted = {
      omitted: `The details of this finding (${Math.round(bytes / 1024)} KB) were too large to keep.`,
    };
    issues[index] = { ...issue, details: omitted };
    size -= bytes - sizeOf(omitted);
  }
  return storedJsonOf({ ...bounded, issues });
}
