import { EMBEDDED_REPORT_ELEMENT_ID, type EmbeddedReport } from '@crawlwise/shared/report-embed';
import type { Report } from './get-report.ts';

/**
 * The finished report the server wrote into this page for `accessToken` (report-embed.ts), or
 * null. Anything unreadable counts as no report.
 */
export function readEmbeddedReport(accessToken: string): Report | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(EMBEDDED_REPORT_ELEMENT_ID);
  if (!element) return null;
  try {
    const embedded = JSON.parse(element.textContent ?? '') as Partial<EmbeddedReport<Report>>;
    if (embedded.token !== accessToken || typeof embedded.report !== 'object') return null;
    return embedded.report ?? null;
  } catch {
    return null;
  }
}

/**
 * The same, taken once: the data block is removed as it is read, so a later read (another token
 * after Rerun, the screen opened again within the app) asks the API.
 */
export function takeEmbeddedReport(accessToken: string): Report | null {
  const report = readEmbeddedReport(accessToken);
  document.getElementById(EMBEDDED_REPORT_ELEMENT_ID)?.remove();
  return report;
}
