import { escapeHtml } from '../report-formats/html.ts';
import type { CrawlDocument, CrawlFinding } from './crawl-document.ts';
import {
  externalLine,
  findingCost,
  ITEMS_SHOWN,
  limitNotes,
  more,
  SEVERITY_MARK,
  SOURCES_SHOWN,
  scoreLine,
  sitemapLine,
  totalsLine,
  worstPages,
} from './crawl-outline.ts';

/**
 * A crawl as one self-contained HTML file (no script, no external resource), like the page
 * report's: its Content-Security-Policy allows inline styles only, and every text from the site
 * (addresses, anchors, titles) is escaped.
 */
export function renderCrawlHtml(doc: CrawlDocument): string {
  const external = externalLine(doc);
  const notes = limitNotes(doc)
    .map((note) => `<p class="note">${escapeHtml(note)}</p>`)
    .join('\n');
  const findings = doc.findings.map(findingSection).join('\n');
  const worst = worstPages(doc)
    .map(
      (page) =>
        `<tr><td class="num">${page.score}</td><td class="num">${page.depth ?? '–'}</td><td class="num">${page.inbound}</td><td class="num">${page.linkScore ?? '–'}</td><td class="url">${escapeHtml(page.url)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Crawlwise site crawl: ${escapeHtml(doc.startUrl)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Crawlwise site crawl</h1>
<p class="page">${escapeHtml(doc.startUrl)}</p>
<p class="score"><span>${doc.siteScore ?? '–'}</span>/100</p>
<p class="meta">${escapeHtml(scoreLine(doc))}</p>
<p class="meta">${escapeHtml(totalsLine(doc))}</p>
<p class="meta">${escapeHtml(sitemapLine(doc))}</p>${
    external === null ? '' : `\n<p class="meta">${escapeHtml(external)}</p>`
  }
${notes}
<h2>${doc.findings.length ? `Findings (${doc.findings.length})` : 'No site findings'}</h2>
${findings}
${
  worst
    ? `<h2>Worst pages</h2>
<table>
<thead><tr><th class="num">Score</th><th class="num">Depth</th><th class="num">Inbound</th><th class="num">Link score</th><th>Page</th></tr></thead>
<tbody>
${worst}
</tbody>
</table>`
    : ''
}
</main>
</body>
</html>
`;
}

function findingSection(finding: CrawlFinding): string {
  const items = finding.items
    .slice(0, ITEMS_SHOWN)
    .map((item) => {
      const sources = item.sources
        .slice(0, SOURCES_SHOWN)
        .map(
          (source) =>
            `<li>← ${escapeHtml(source.url)}${source.anchor ? ` <q>${escapeHtml(source.anchor)}</q>` : ''}</li>`,
        );
      const moreSources = more(item.sources.length, SOURCES_SHOWN, 'linking pages');
      if (moreSources) sources.push(`<li>${escapeHtml(moreSources)}</li>`);
      return `<li><span class="url">${escapeHtml(item.url)}</span>${item.detail ? ` <span class="detail">${escapeHtml(item.detail)}</span>` : ''}${sources.length ? `\n<ul class="sources">${sources.join('')}</ul>` : ''}</li>`;
    })
    .join('\n');
  const moreItems = more(finding.items.length, ITEMS_SHOWN, 'addresses');
  return `<section class="finding ${finding.severity}">
<h3><span class="mark" aria-hidden="true">${SEVERITY_MARK[finding.severity]}</span> ${escapeHtml(finding.title)}: ${finding.count}<span class="points">${escapeHtml(findingCost(finding))}</span> <code>${escapeHtml(finding.id)}</code></h3>
<p class="why">${escapeHtml(finding.why)} <strong>Fix:</strong> ${escapeHtml(finding.howToFix)}</p>
<ul class="items">
${items}${moreItems ? `\n<li>${escapeHtml(moreItems)}</li>` : ''}
</ul>
</section>`;
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fafafa; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
.page, .url { word-break: break-all; }
.page { margin: 0; color: #444; }
.score { font-size: 1.1rem; margin: 1rem 0 0; }
.score span { font-size: 2.6rem; font-weight: 700; }
.meta { color: #555; font-size: .9rem; margin: .25rem 0; }
.note { border-left: 4px solid #c77c00; background: #fff; padding: .25rem .75rem; }
section.finding { border-left: 4px solid #c77c00; background: #fff; margin: .75rem 0; padding: .25rem .75rem; }
section.finding.critical { border-color: #c62828; }
section.finding.notice { border-color: #607d8b; }
h3 { font-size: 1.05rem; margin: .4rem 0; }
.why { color: #444; font-size: .95rem; }
.points { color: #c62828; font-weight: 600; }
.detail { color: #555; }
ul.items { padding-left: 1.2rem; }
ul.sources { list-style: none; padding-left: 1rem; color: #555; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
.num { text-align: right; }
code { background: #eee; padding: 0 .25rem; border-radius: 3px; }
`;
