import { summaryTiles, topIssues } from '@crawlwise/shared/display';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { isLockedIssue, type Report } from '@crawlwise/shared/report';
import { PATHS } from '@crawlwise/shared/routes';
import { escapeHtml } from './html-page.ts';

/**
 * The report screen's HTML for readers without script and for link previews. `/report?token=`
 * is the single-page app's screen; the server adds to its HTML (1) tags in `<head>` that chat
 * apps read when a report link is shared — "SEO report for example.com — 85/100" with a
 * description and the sharing image — and (2) a `<noscript>` report at the top of `<body>`: the
 * score, the top issues under the same locking rules as the API (the report passed in was
 * presented for this reader), and the summary tiles. Browsers running script ignore the
 * `<noscript>`; React 19 skips the extra head tags when it hydrates, and the report route removes
 * them once it renders its own (they carry `data-report-preview`).
 */

export type ReportPreviewInput =
  | { kind: 'found'; report: Report }
  | { kind: 'not_found' | 'deleted' | 'expired' };

export interface ReportPreview {
  head: string;
  body: string;
}

/** A pending report reloads itself this often without script, until it is finished. */
export const NO_SCRIPT_REFRESH_SECONDS = 3;

const ERROR_CODES = {
  not_found: 'report_not_found',
  deleted: 'report_deleted',
  expired: 'report_expired',
} as const;

/** The id the SPA fallback's loading view carries (apps/web root.tsx), hidden without script. */
const LOADING_VIEW_ID = 'app-loading';

const STYLE = `#${LOADING_VIEW_ID},#main{display:none}body{display:flex;flex-direction:column}body>*{order:0}body>noscript{order:1}body>footer{order:2}.cw-report{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1e293b}.cw-report h1{font-size:1.5rem;font-weight:700;margin:0}.cw-report h2{font-size:1.125rem;font-weight:600;margin:1.5rem 0 .5rem}.cw-report ol{padding-left:1.25rem;list-style:decimal}.cw-report li p{margin:.25rem 0 0}.cw-report .cw-score{font-size:3rem;font-weight:700;margin:.5rem 0}.cw-report li{margin:.75rem 0}.cw-report dl{display:grid;grid-template-columns:1fr 1fr;gap:.5rem 1rem}.cw-report dt{color:#475569}.cw-report dd{margin:0;font-weight:600}.cw-report a{color:#1d4ed8}`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function headTags(title: string, description: string, pageUrl: string, origin: string): string {
  const attr = (value: string) => escapeHtml(value);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(description)}">`,
    '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Crawlwise">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(description)}">`,
    `<meta property="og:url" content="${attr(pageUrl)}">`,
    `<meta property="og:image" content="${attr(`${origin}/og-image.png`)}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${attr(title)}">`,
    `<meta name="twitter:description" content="${attr(description)}">`,
  ];
  return tags.map((tag) => tag.replace(/^<(\w+)/, '<$1 data-report-preview')).join('');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function completedPreview(
  report: Report,
  token: string,
  pageUrl: string,
  origin: string,
): ReportPreview {
  const host = hostOf(report.url);
  const issues = topIssues(report.issues);
  const criticals = issues.filter((issue) => issue.severity === 'critical').length;
  const warnings = issues.length - criticals;
  const title = `SEO report for ${host} — ${report.score}/100`;
  const description =
    issues.length === 0
      ? `Crawlwise checked ${report.url} the way a search crawler sees it: no issues found.`
      : `Crawlwise checked ${report.url} the way a search crawler sees it: ${plural(criticals, 'critical issue')} and ${plural(warnings, 'warning')}.`;

  const items = issues
    .map((issue) => {
      if (isLockedIssue(issue)) {
        return `<li><strong>${issue.severity === 'critical' ? 'Critical' : 'Warning'}:</strong> <a href="${escapeHtml(PATHS.authThenReturnTo(PATHS.reportFor(token)))}">Sign in to see this issue</a></li>`;
      }
      const label = issue.severity === 'critical' ? 'Critical' : 'Warning';
      const fix = issue.howToFix ? `<p><em>Fix:</em> ${escapeHtml(issue.howToFix)}</p>` : '';
      return `<li><strong>${label}:</strong> ${escapeHtml(issue.message)}<p>${escapeHtml(issue.why)}</p>${fix}</li>`;
    })
    .join('');
  const tiles = summaryTiles(report.meta_json, report.issues)
    .map((tile) => `<dt>${escapeHtml(tile.label)}</dt><dd>${escapeHtml(tile.value)}</dd>`)
    .join('');
  const analysed = report.completed_at ? report.completed_at.slice(0, 10) : '';
  const body = [
    `<h1>SEO report for ${escapeHtml(host)}</h1>`,
    `<p>${escapeHtml(report.url)}${analysed ? ` · analysed ${analysed}` : ''}</p>`,
    `<p class="cw-score">${report.score}/100</p>`,
    `<h2>Top issues (${issues.length})</h2>`,
    issues.length > 0 ? `<ol>${items}</ol>` : '<p>No issues found.</p>',
    `<h2>Basic site summary</h2><dl>${tiles}</dl>`,
  ].join('');
  return { head: headTags(title, description, pageUrl, origin), body };
}

function pendingPreview(report: Report, pageUrl: string, origin: string): ReportPreview {
  const host = hostOf(report.url);
  const title = `SEO report for ${host}`;
  const description = `Crawlwise is checking ${report.url} the way a search crawler sees it.`;
  return {
    head: `${headTags(title, description, pageUrl, origin)}<noscript data-report-preview><meta http-equiv="refresh" content="${NO_SCRIPT_REFRESH_SECONDS}"></noscript>`,
    body: `<h1>Analysing ${escapeHtml(host)}…</h1><p>Crawlwise is checking ${escapeHtml(report.url)}. This page reloads every ${NO_SCRIPT_REFRESH_SECONDS} seconds until the report is ready.</p>`,
  };
}

function failedPreview(report: Report, pageUrl: string, origin: string): ReportPreview {
  const host = hostOf(report.url);
  const title = `SEO report for ${host}`;
  const message = report.error_message ?? ERROR_CATALOGUE.analysis_failed.description;
  return {
    head: headTags(title, `The analysis of ${report.url} failed.`, pageUrl, origin),
    body: `<h1>The analysis of ${escapeHtml(host)} failed</h1><p>${escapeHtml(message)}</p>`,
  };
}

function missingPreview(
  kind: 'not_found' | 'deleted' | 'expired',
  pageUrl: string,
  origin: string,
): ReportPreview {
  const entry = ERROR_CATALOGUE[ERROR_CODES[kind]];
  return {
    head: headTags(`${entry.title} | Crawlwise`, entry.description, pageUrl, origin),
    body: `<h1>${escapeHtml(entry.title)}</h1><p>${escapeHtml(entry.description)}</p>`,
  };
}

/** The preview of the report with access token `token`, for this reader, on this origin. */
export function reportPreview(
  input: ReportPreviewInput,
  token: string,
  origin: string,
): ReportPreview {
  const pageUrl = `${origin}${PATHS.reportFor(token)}`;
  let preview: ReportPreview;
  if (input.kind !== 'found') preview = missingPreview(input.kind, pageUrl, origin);
  else if (input.report.status === 'completed')
    preview = completedPreview(input.report, token, pageUrl, origin);
  else if (input.report.status === 'failed') preview = failedPreview(input.report, pageUrl, origin);
  else preview = pendingPreview(input.report, pageUrl, origin);
  const link = `<p><a href="${PATHS.runATest}">Analyse another page</a></p>`;
  return {
    head: preview.head,
    body: `<noscript><style>${STYLE}</style><div class="cw-report">${preview.body}${link}</div></noscript>`,
  };
}

/**
 * The SPA fallback page with the preview: head tags before `</head>`, the report right after
 * `<body>` — the one place in the body where React, hydrating the fallback, accepts a node it
 * did not render (inside the app's <main> it fails the hydration). Without script, the style in
 * the <noscript> moves the report below the site's header, in place of the loading view.
 */
export function withReportPreview(html: string, preview: ReportPreview): string {
  const headEnd = html.indexOf('</head>');
  const bodyStart = html.indexOf('<body>');
  if (headEnd === -1 || bodyStart === -1) return html;
  const afterBody = bodyStart + '<body>'.length;
  return (
    html.slice(0, headEnd) +
    preview.head +
    html.slice(headEnd, afterBody) +
    preview.body +
    html.slice(afterBody)
  );
}
