import { describeChange, signed } from '../cli-baseline.ts';
import type { AnalysisReport } from '../types.ts';
import { type RenderContext, SEVERITY_MARK } from './render-context.ts';

/**
 * A self-contained HTML report (one file, no script, no external resource) to keep as a CI
 * artifact. Its Content-Security-Policy allows inline styles only: the report shows text taken
 * from the analysed page, and escaping is backed by a policy that would block a script anyway.
 */
export function renderHtml(report: AnalysisReport, context: RenderContext): string {
  const problems = report.issues.filter((issue) => issue.severity !== 'success');
  const passed = report.issues.filter((issue) => issue.severity === 'success');
  const categories = report.categories
    .map(
      (category) =>
        `<tr><td>${category.id}</td><td class="num">${category.score}/100</td><td class="num">${category.weight}</td></tr>`,
    )
    .join('\n');
  const issues = problems
    .map(
      (issue) => `<li class="${issue.severity}">
<p><span class="mark" aria-hidden="true">${SEVERITY_MARK[issue.severity]}</span> <strong>${escapeHtml(issue.message)}</strong> <code>${escapeHtml(issue.id)}</code>${issue.points > 0 ? ` <span class="points">−${issue.points}</span>` : ''}</p>
<p class="why">${escapeHtml(issue.why)}</p>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Crawlwise report: ${escapeHtml(report.finalUrl)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Crawlwise SEO report</h1>
<p class="page">${escapeHtml(report.finalUrl)}</p>
<p class="score"><span>${report.score}</span>/100</p>
<p class="meta">Analysed ${escapeHtml(report.fetchedAt)}${report.finalUrl !== report.url ? ` · requested ${escapeHtml(report.url)}` : ''}</p>
<h2>Categories</h2>
<table>
<thead><tr><th>Category</th><th class="num">Score</th><th class="num">Weight</th></tr></thead>
<tbody>
${categories}
</tbody>
</table>
<h2>${problems.length ? `Issues (${problems.length})` : 'No issues found'}</h2>
${problems.length ? `<ul class="issues">\n${issues}\n</ul>` : ''}
<h2>Passed (${passed.length})</h2>
<p class="passed">${passed.map((issue) => `<code>${escapeHtml(issue.id)}</code>`).join(' ')}</p>
${context.comparison ? comparisonSection(context.comparison) : ''}
</main>
</body>
</html>
`;
}

function comparisonSection(comparison: NonNullable<RenderContext['comparison']>): string {
  const row = (change: string, id: string, text: string) =>
    `<tr><td>${change}</td><td><code>${escapeHtml(id)}</code></td><td>${escapeHtml(text)}</td></tr>`;
  const rows = [
    ...comparison.newFindings.map((f) => row('new', f.id, f.message)),
    ...comparison.fixed.map((f) => row('fixed', f.id, f.message)),
    ...comparison.changed.map((c) => row(c.worse ? 'worse' : 'changed', c.id, describeChange(c))),
  ];
  return `<h2>Compared with the baseline</h2>
<p>Score ${comparison.baselineScore} → ${comparison.score} (${signed(comparison.scoreDelta)})</p>
${
  rows.length
    ? `<table>\n<thead><tr><th>Change</th><th>Check</th><th>Finding</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`
    : '<p>No finding changed.</p>'
}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fafafa; margin: 0; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
.page { margin: 0; word-break: break-all; color: #444; }
.score { font-size: 1.1rem; margin: 1rem 0 0; }
.score span { font-size: 2.6rem; font-weight: 700; }
.meta { color: #666; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
.num { text-align: right; }
ul.issues { list-style: none; padding: 0; }
ul.issues li { border-left: 4px solid #c77c00; background: #fff; margin: .5rem 0; padding: .25rem .75rem; }
ul.issues li.critical { border-color: #c62828; }
ul.issues p { margin: .25rem 0; }
.why { color: #444; font-size: .95rem; }
.points { color: #c62828; font-weight: 600; }
code { background: #eee; padding: 0 .25rem; border-radius: 3px; }
.passed code { display: inline-block; margin: .1rem 0; }
`;
