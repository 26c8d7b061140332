/**
 * The finished report the server writes into the report screen's HTML (apps/server
 * routes/web.ts), so the screen shows it without asking the API first: a JSON data block the
 * browser never runs, read once by the report screen (apps/web features/report/api/embedded-report.ts).
 */
export const EMBEDDED_REPORT_ELEMENT_ID = 'crawlwise-report-data';

export interface EmbeddedReport<R> {
  /** The access token the report was read with; the screen uses it only for the same token. */
  token: string;
  report: R;
}

/**
 * The data block, with every `<`, `>` and `&` of the JSON written as a \u escape, so no text in
 * the report (a page title such as `</script><script>…`) can end the block or open a comment;
 * U+2028 and U+2029 are escaped as well.
 */
export function embeddedReportScript<R>(embedded: EmbeddedReport<R>): string {
  const json = JSON.stringify(embedded).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">${json}</script>`;
}
