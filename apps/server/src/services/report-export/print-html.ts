import { detailsOf, fixSnippetOf } from '@crawlwise/shared/check-details';
import { summaryTiles, topIssues } from '@crawlwise/shared/display';
import {
  isLockedIssue,
  type Outcome,
  type Report,
  type ReportIssue,
  type ScoredFinding,
} from '@crawlwise/shared/report';
import {
  CATEGORY_LABEL,
  crawlerSignals,
  fixesFirst,
  type LedgerRow,
  type SideValue,
} from '@crawlwise/shared/report-reading';
import { escapeHtml } from '../../routes/html-page.ts';

/**
 * The print version of a presented report, the page the headless browser turns into the PDF:
 * a cover (address, score, summary), every finding with its fix, the crawler view and the score
 * ledger. Everything the analysed page supplied (its address, title, texts in the details) is
 * escaped; the document loads nothing (no script, no image, no font, no stylesheet link), so
 * the renderer can block every request. Page numbers come from the renderer's footer.
 */

export interface PrintOptions {
  /** The report screen's absolute address, printed and linked on the cover. */
  reportUrl: string;
}

const OUTCOME_LABEL: Record<Outcome, string> = {
  passed: 'Passed',
  failed: 'Failed',
  not_applicable: 'Not applicable',
  skipped: 'Skipped',
};

const e = escapeHtml;

/** A link only to http(s) addresses; anything else is printed as text. */
function link(href: string, text = href): string {
  try {
    const { protocol } = new URL(href);
    if (protocol === 'http:' || protocol === 'https:') {
      return `<a href="${e(href)}">${e(text)}</a>`;
    }
  } catch {
    // not an absolute address: text only
  }
  return e(text);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function badge(issue: ReportIssue): string {
  if (issue.severity === 'critical') return '<span class="badge critical">Critical</span>';
  if (issue.severity === 'warning') {
    const skipped = !isLockedIssue(issue) && issue.outcome === 'skipped';
    return `<span class="badge warning">${skipped ? 'Skipped' : 'Warning'}</span>`;
  }
  return `<span class="badge ok">${OUTCOME_LABEL[(issue as ScoredFinding).outcome]}</span>`;
}

const STYLE = `
@page { size: A4; margin: 18mm 16mm 20mm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt; color: #0f172a; line-height: 1.45; }
body { margin: 0; }
a { color: #1d4ed8; }
h1 { font-size: 22pt; margin: 0 0 4mm; }
h2 { font-size: 15pt; margin: 0 0 4mm; break-after: avoid; }
h3 { font-size: 11.5pt; margin: 0 0 1.5mm; break-after: avoid; }
p { margin: 0 0 2mm; }
.cover { break-after: page; }
.brand { font-weight: 700; color: #1d4ed8; letter-spacing: .02em; margin-bottom: 14mm; }
.address { word-break: break-all; color: #334155; }
.page-title { font-size: 13pt; margin: 0 0 2mm; overflow-wrap: anywhere; }
.categories { width: auto; margin: 0 0 8mm; }
.categories caption { text-align: left; font-weight: 700; padding-bottom: 1mm; }
.categories th, .categories td { padding: 0.8mm 6mm 0.8mm 0; }
.score { display: flex; align-items: baseline; gap: 3mm; margin: 12mm 0 8mm; }
.score b { font-size: 54pt; line-height: 1; }
.score span { font-size: 16pt; color: #475569; }
.tiles { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 8mm; margin: 0 0 8mm; }
.tiles div { border: 0.3mm solid #cbd5e1; border-radius: 2mm; padding: 3mm; }
.tiles dt { color: #475569; font-size: 9pt; }
.tiles dd { margin: 0; font-weight: 700; }
.tiles dd.checks { font-weight: 400; font-size: 8.5pt; color: #475569; }
.note { border-left: 1mm solid #f59e0b; background: #fffbeb; padding: 2mm 3mm; }
section { break-before: page; }
.finding { border: 0.3mm solid #cbd5e1; border-radius: 2mm; padding: 3mm 4mm; margin: 0 0 3mm; break-inside: avoid; }
.finding .meta { color: #475569; font-size: 9pt; margin-bottom: 1.5mm; }
.fix { background: #f0fdf4; border-left: 1mm solid #16a34a; padding: 1.5mm 3mm; }
pre { white-space: pre-wrap; word-break: break-all; font-size: 8.5pt; background: #f8fafc; padding: 2mm; margin: 1.5mm 0 0; }
.badge { display: inline-block; font-size: 8.5pt; font-weight: 700; border-radius: 1mm; padding: 0 1.5mm; margin-right: 1.5mm; }
.critical { background: #fee2e2; color: #991b1b; }
.warning { background: #fef3c7; color: #92400e; }
.ok { background: #dcfce7; color: #166534; }
.red { background: #fee2e2; color: #991b1b; }
.yellow { background: #fef3c7; color: #92400e; }
.gray { background: #f1f5f9; color: #334155; }
table { width: 100%; border-collapse: collapse; margin: 0 0 6mm; font-size: 9.5pt; }
th, td { text-align: left; vertical-align: top; padding: 1.5mm 2mm; border-bottom: 0.3mm solid #e2e8f0; word-break: break-word; }
thead th { border-bottom: 0.5mm solid #94a3b8; }
tr { break-inside: avoid; }
ul.passed { padding-left: 4mm; font-size: 9pt; }
blockquote { margin: 2mm 0; padding: 2mm 3mm; border-left: 1mm solid #cbd5e1; background: #f8fafc; }
`;

function cover(report: Report, options: PrintOptions): string {
  const analysed = (report.completed_at ?? report.created_at).slice(0, 10);
  const tiles = summaryTiles(report.meta_json, report.issues)
    .map(
      (tile) =>
        `<div><dt>${e(tile.label)}</dt><dd>${e(tile.value)}</dd><dd class="checks">${e(tile.checks)}</dd></div>`,
    )
    .join('');
  const locked = report.issues.filter(isLockedIssue).length;
  const lockedNote =
    locked > 0
      ? `<p class="note">${locked} finding${locked === 1 ? ' is' : 's are'} locked in this copy. Sign in and download it again from ${link(options.reportUrl, 'the report')} to see every finding and the score ledger.</p>`
      : '';
  const pageTitle = report.meta_json?.title.value ?? null;
  const categoryScores = report.categories
    .map(
      (category) =>
        `<tr><th scope="row">${e(CATEGORY_LABEL[category.id])}</th><td>${category.score} / 100</td></tr>`,
    )
    .join('');
  return `<header class="cover">
<div class="brand">Crawlwise · SEO report</div>
<h1>SEO report for ${e(hostOf(report.url))}</h1>
${pageTitle ? `<p class="page-title">Page: “${e(pageTitle)}”</p>` : ''}
<p class="address">${link(report.url)}</p>
${report.final_url && report.final_url !== report.url ? `<p class="address">Final address after redirects: ${link(report.final_url)}</p>` : ''}
<div class="score" aria-label="Score"><b>${report.score}</b><span>/ 100</span></div>
<dl class="tiles">${tiles}</dl>
${categoryScores ? `<table class="categories"><caption>Score by category</caption><tbody>${categoryScores}</tbody></table>` : ''}
<p>Analysed ${e(analysed)}${report.score_model ? ` · score model ${report.score_model}` : ''}</p>
<p>Online report: ${link(options.reportUrl)}</p>
${lockedNote}
</header>`;
}

function findingBlock(issue: ReportIssue, reportUrl: string): string {
  const category = CATEGORY_LABEL[issue.category];
  if (isLockedIssue(issue)) {
    return `<article class="finding"><div class="meta">${badge(issue)}${e(category)}</div>
<h3>Locked finding</h3><p>${link(reportUrl, 'Sign in to see this finding')} and its fix.</p></article>`;
  }
  const fixSnippet = fixSnippetOf(issue.details);
  const snippet = fixSnippet === null ? '' : `<pre>${e(fixSnippet)}</pre>`;
  const fix = issue.howToFix
    ? `<div class="fix"><strong>How to fix:</strong> ${e(issue.howToFix)}${snippet}</div>`
    : '';
  const points = issue.points > 0 ? ` · −${issue.points} points` : '';
  return `<article class="finding" id="finding-${e(issue.id)}"><div class="meta">${badge(issue)}${e(category)}${points}</div>
<h3>${e(issue.message)}</h3><p>${e(issue.why)}</p>${fix}</article>`;
}

function findingsSection(report: Report, reportUrl: string): string {
  const attention = topIssues(report.issues);
  const passed = report.issues.filter(
    (issue): issue is ScoredFinding => !isLockedIssue(issue) && issue.severity === 'success',
  );
  const list =
    attention.length === 0
      ? '<p>No issues found.</p>'
      : attention.map((issue) => findingBlock(issue, reportUrl)).join('');
  const passedList =
    passed.length === 0
      ? ''
      : `<h2>Passed checks (${passed.length})</h2><ul class="passed">${passed
          .map(
            (finding) =>
              `<li>${e(finding.message)} <span class="meta">(${e(OUTCOME_LABEL[finding.outcome])})</span></li>`,
          )
          .join('')}</ul>`;
  return `<section><h2>Findings to fix (${attention.length})</h2>${list}${passedList}</section>`;
}

function side(value: SideValue): string {
  if (value === null) return 'None';
  if (typeof value === 'string') return e(value);
  if (value.length === 0) return 'None';
  return `<ul>${value.map((entry) => `<li>${e(entry)}</li>`).join('')}</ul>`;
}

function crawlerSection(report: Report): string {
  const signals = crawlerSignals(report.issues);
  if (signals.length === 0) return '';
  const rows = signals
    .map((signal) => {
      const cells = signal.skippedReason
        ? `<td colspan="2">Not compared: ${e(signal.skippedReason)}</td>`
        : `<td>${side(signal.server)}</td><td>${side(signal.rendered)}</td>`;
      return `<tr><th scope="row">${e(signal.signal)}<br><span class="badge ${signal.comparison.tone}">${e(signal.comparison.label)}</span></th>${cells}</tr>`;
    })
    .join('');
  const missing = signals.find((signal) => signal.missingSample !== null);
  const missingWords = missing && detailsOf(missing.finding, 'js-rendering')?.missingWords;
  const sample = missing
    ? `<h3>Text only JavaScript shows</h3><p>${e(String(missingWords ?? ''))} words of the page after JavaScript are not in the server HTML. A sample:</p><blockquote>${e(missing.missingSample ?? '')}</blockquote>`
    : '';
  return `<section><h2>What crawlers see</h2>
<p>The server HTML is what Bing, most AI crawlers and link previews read; the page after JavaScript is what Google indexes.</p>
<table><thead><tr><th style="width:28%">Signal</th><th>Server HTML</th><th>After JavaScript</th></tr></thead><tbody>${rows}</tbody></table>${sample}</section>`;
}

function ledgerSection(report: Report): string {
  const categories = report.categories
    .map((category) => {
      const lost = category.deductions.reduce((sum, entry) => sum + entry.points, 0);
      return `<tr><th scope="row">${e(CATEGORY_LABEL[category.id])}</th><td>${category.score} / 100</td><td>${lost} of ${category.weight}</td></tr>`;
    })
    .join('');
  const fixes = fixesFirst(report.categories, report.issues);
  const fixRow = (row: LedgerRow, indent = '') =>
    `<tr><td>${indent}${row.message ? `<a href="#finding-${e(row.check)}">${e(row.message)}</a>` : e(row.check)}</td><td>${e(CATEGORY_LABEL[row.category])}</td><td>+${row.points} points</td></tr>`;
  const deductions =
    report.access === 'anonymous'
      ? '<p>The points each check took are part of the full report: sign in to see them.</p>'
      : fixes.length === 0
        ? '<p>No check cost any points.</p>'
        : `<table><thead><tr><th>Fix</th><th>Category</th><th>Gain</th></tr></thead><tbody>${fixes
            .map((entry) =>
              entry.kind === 'check'
                ? fixRow(entry.row)
                : `<tr><td><strong>One cause: ${e(entry.title)}</strong><br>${e(entry.howToFix)}</td><td></td><td><strong>+${entry.points} points</strong></td></tr>${entry.rows
                    .map((row) => fixRow(row, '↳ '))
                    .join('')}`,
            )
            .join('')}</tbody></table>`;
  return `<section><h2>Score ledger</h2>
<table><thead><tr><th>Category</th><th>Score</th><th>Points lost</th></tr></thead><tbody>${categories}</tbody></table>
<h3>Fix these first</h3>${deductions}</section>`;
}

/** The whole print document of a completed, presented report. */
export function reportPrintHtml(report: Report, options: PrintOptions): string {
  const title = `SEO report for ${hostOf(report.url)} — ${report.score}/100`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(title)}</title><style>${STYLE}</style></head><body>
${cover(report, options)}${findingsSection(report, options.reportUrl)}${crawlerSection(report)}${ledgerSection(report)}
</body></html>`;
}
