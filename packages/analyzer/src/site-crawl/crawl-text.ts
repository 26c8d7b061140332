import { inline } from '../report-formats/markdown.ts';
import type { CrawlDocument } from './crawl-document.ts';
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

/** The readable summary `crawlwise crawl` prints by default: plain text, no colours. */
export function renderCrawlSummary(doc: CrawlDocument): string {
  const lines = [`Crawl of ${doc.startUrl}`, scoreLine(doc), totalsLine(doc), sitemapLine(doc)];
  const external = externalLine(doc);
  if (external !== null) lines.push(external);
  lines.push(...limitNotes(doc), '');
  lines.push(doc.findings.length ? `Findings (${doc.findings.length}):` : 'No site findings.');
  for (const finding of doc.findings) {
    lines.push(
      `  ${SEVERITY_MARK[finding.severity]} ${finding.title}: ${finding.count}${findingCost(finding)}  [${finding.id}]`,
      `      ${finding.why}`,
      `      Fix: ${finding.howToFix}`,
    );
    for (const item of finding.items.slice(0, ITEMS_SHOWN)) {
      lines.push(`      ${item.url}${item.detail ? `  ${item.detail}` : ''}`);
      for (const source of item.sources.slice(0, SOURCES_SHOWN)) {
        lines.push(`          ← ${source.url}${source.anchor ? `  "${source.anchor}"` : ''}`);
      }
      const moreSources = more(item.sources.length, SOURCES_SHOWN, 'linking pages');
      if (moreSources) lines.push(`          ${moreSources}`);
    }
    const moreItems = more(finding.items.length, ITEMS_SHOWN, 'addresses (see --format json)');
    if (moreItems) lines.push(`      ${moreItems}`);
  }
  const worst = worstPages(doc);
  if (worst.length > 0) {
    lines.push('', 'Worst pages:', '  Score  Depth  Inbound  Link  URL');
    for (const page of worst) {
      lines.push(
        `  ${String(page.score).padStart(5)}  ${String(page.depth ?? '-').padStart(5)}  ${String(page.inbound).padStart(7)}  ${String(page.linkScore ?? '-').padStart(4)}  ${page.url}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Markdown for a pull-request comment or $GITHUB_STEP_SUMMARY. */
export function renderCrawlMarkdown(doc: CrawlDocument): string {
  const lines = [
    `## Crawlwise site crawl: ${inline(doc.startUrl)}`,
    '',
    `**${scoreLine(doc)}**`,
    '',
    inline(totalsLine(doc)),
    '',
    inline(sitemapLine(doc)),
  ];
  const external = externalLine(doc);
  if (external !== null) lines.push('', inline(external));
  for (const note of limitNotes(doc)) lines.push('', `> ${inline(note)}`);
  lines.push(
    '',
    `### ${doc.findings.length ? `Findings (${doc.findings.length})` : 'No site findings'}`,
  );
  for (const finding of doc.findings) {
    lines.push(
      '',
      `#### ${SEVERITY_MARK[finding.severity]} ${inline(finding.title)}: ${finding.count}${findingCost(finding)} \`${finding.id}\``,
      '',
      `${inline(finding.why)} **Fix:** ${inline(finding.howToFix)}`,
      '',
    );
    for (const item of finding.items.slice(0, ITEMS_SHOWN)) {
      const sources = item.sources
        .slice(0, SOURCES_SHOWN)
        .map(
          (source) =>
            `${inline(source.url)}${source.anchor ? ` ("${inline(source.anchor)}")` : ''}`,
        );
      const moreSources = more(item.sources.length, SOURCES_SHOWN, 'pages');
      if (moreSources) sources.push(moreSources);
      lines.push(
        `- ${inline(item.url)}${item.detail ? ` — ${inline(item.detail)}` : ''}${sources.length ? `; linked from ${sources.join(', ')}` : ''}`,
      );
    }
    const moreItems = more(finding.items.length, ITEMS_SHOWN, 'addresses');
    if (moreItems) lines.push(`- ${moreItems}`);
  }
  const worst = worstPages(doc);
  if (worst.length > 0) {
    lines.push('', '### Worst pages', '', '| Score | Depth | Inbound | Link score | Page |');
    lines.push('| ---: | ---: | ---: | ---: | --- |');
    for (const page of worst) {
      lines.push(
        `| ${page.score} | ${page.depth ?? '–'} | ${page.inbound} | ${page.linkScore ?? '–'} | ${inline(page.url)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
