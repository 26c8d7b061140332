/**
 * Writes the reports of a folder of saved pages, one JSON line per page and variant, so a
 * change meant only to make the engine faster can be shown to leave every finding identical:
 * run it before and after, then `cmp` (or `diff`) the two files.
 *
 *   npx tsx bench/report-snapshot.ts --pages-dir=/work/corpus/readability --out=/tmp/before.jsonl
 *
 * Each page goes through the engine's pure half (analyzeArtifacts) with fixed fetch artifacts
 * (no network, fixed timings), twice: not rendered and as a crawl's page (links and signals
 * included), and rendered (the served HTML as the rendered DOM), so the render-diff checks run
 * too. Pages are `<folder>/<name>/source.html` or `<folder>/<name>.html`, as corpus/serve-folder.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeArtifacts } from '@crawlwise/analyzer/analyze-artifacts';
import type { Artifacts } from '@crawlwise/analyzer/types';
import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const pagesDir = args.get('pages-dir');
const out = args.get('out');
if (!pagesDir || !out) throw new Error('--pages-dir=<folder> --out=<file> are required');

function savedPages(folder: string): Array<{ name: string; html: string }> {
  const pages: Array<{ name: string; html: string }> = [];
  for (const name of readdirSync(folder).sort()) {
    const full = path.join(folder, name);
    const source = path.join(full, 'source.html');
    if (statSync(full).isDirectory() && existsSync(source)) {
      pages.push({ name, html: readFileSync(source, 'utf8') });
    } else if (name.endsWith('.html')) {
      pages.push({ name, html: readFileSync(full, 'utf8') });
    }
  }
  return pages;
}

function artifactsOf(name: string, html: string, rendered: boolean): Artifacts {
  const url = `https://example.com/${encodeURIComponent(name)}/`;
  const bytes = Buffer.byteLength(html);
  return {
    fetch: {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      redirects: [],
      ttfbMs: 120,
      totalMs: 300,
      tls: { valid: true, protocol: 'TLSv1.3' },
      rawBytes: bytes,
      decodedBytes: bytes,
      contentEncoding: null,
      acceptEncoding: 'gzip, deflate, br',
      contentType: 'text/html; charset=utf-8',
      charset: 'utf-8',
      byteOrderMark: false,
      fetchedAt: '2026-11-26T00:00:00.000Z',
      html,
    },
    robots: {
      url: 'https://example.com/robots.txt',
      status: 'ok',
      allowedForGooglebot: true,
    },
    render: rendered
      ? { status: 'rendered', html, durationMs: 100 }
      : { status: 'skipped', reason: 'Rendering is switched off' },
    ...(rendered
      ? {}
      : { crawl: { site: 'https://example.com/', rules: DEFAULT_CRAWL_URL_RULES } }),
  };
}

const lines: string[] = [];
const started = performance.now();
const cpuAtStart = process.cpuUsage();
for (const { name, html } of savedPages(pagesDir)) {
  for (const rendered of [false, true]) {
    const report = analyzeArtifacts(artifactsOf(name, html, rendered));
    lines.push(JSON.stringify({ page: name, rendered, report }));
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
const cpu = process.cpuUsage(cpuAtStart);
process.stderr.write(
  `${lines.length} reports in ${Math.round(performance.now() - started)} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms) → ${out}\n`,
);
