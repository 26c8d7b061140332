import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CrawlDocument } from '@crawlwise/analyzer/site-crawl/crawl-document';
import type { ExpectedSite } from '../site-generator/manifest.ts';
import { type Comparison, compareFindings } from './compare.ts';
import { perPage, samplePeak } from './process-tree.ts';
import { type RunGuard, runRequests } from './run-support.ts';

/**
 * One `crawlwise crawl` of the served site by the compiled CLI (cli-dist, as `npm pack` ships
 * it), in its own process group, JSON written to a file: pages per second from the document's
 * own totals, peak RSS of its process tree (the CLI and, with --render, its browser), and the
 * findings compared with the manifest.
 */

export interface CliRunOptions {
  name: string;
  cliPath: string;
  url: string;
  maxPages: number;
  concurrency: number;
  perHostDelayMs: number;
  render: boolean;
  /** Only paths matching (the CLI's --include), for a subset. */
  include?: string;
}

export interface CliRunResult {
  name: string;
  render: boolean;
  concurrency: number;
  perHostDelayMs: number;
  maxPages: number;
  addresses: number;
  analysed: number;
  failed: number;
  blocked: number;
  limitReached: boolean;
  durationMs: number;
  wallMs: number;
  pagesPerSecond: number;
  peakRssMB: number;
  /** CPU time of the CLI's process tree (the browser's too) per finished address, ms. */
  cpuMsPerPage: number;
  siteScore: number | null;
  comparison: Comparison | null;
  requests: { missing: string[]; blockedFetched: string[] } | null;
}

export async function runCli(
  options: CliRunOptions,
  guard: RunGuard,
  expected: ExpectedSite | null,
  requestsOf: (() => Promise<Record<string, number>>) | null,
): Promise<CliRunResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-bench-crawl-'));
  const output = path.join(dir, 'crawl.json');
  const args = [
    options.cliPath,
    'crawl',
    options.url,
    '--allow-private',
    '--format',
    'json',
    '--output',
    output,
    '--max-pages',
    String(options.maxPages),
    '--concurrency',
    String(options.concurrency),
    '--per-host-delay',
    String(options.perHostDelayMs),
    options.render ? '--render' : '--no-render',
    ...(options.include ? ['--include', options.include] : []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  guard.track(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const sampler = samplePeak(() => [child.pid!]);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  sampler.stop();
  const wallMs = Math.round(performance.now() - started);
  try {
    // 0: crawled; 3 would be a --fail-on gate (none is asked).
    if (code !== 0) throw new Error(`${options.name}: the CLI exited with ${code}: ${stderr}`);
    const doc = JSON.parse(readFileSync(output, 'utf8')) as CrawlDocument;
    const comparison = expected
      ? compareFindings(
          expected.affected,
          doc.findings.map((finding) => ({
            id: finding.id,
            count: finding.count,
            urls: finding.items.map((item) => item.url),
          })),
        )
      : null;
    return {
      name: options.name,
      render: options.render,
      concurrency: options.concurrency,
      perHostDelayMs: options.perHostDelayMs,
      maxPages: options.maxPages,
      addresses: doc.totals.addresses,
      analysed: doc.totals.analysed,
      failed: doc.totals.failed,
      blocked: doc.totals.blocked,
      limitReached: doc.totals.limitReached,
      durationMs: doc.totals.durationMs,
      wallMs,
      pagesPerSecond: doc.totals.pagesPerSecond,
      peakRssMB: sampler.peakMB(),
      cpuMsPerPage: perPage(
        sampler.cpuMs(),
        doc.totals.analysed + doc.totals.failed + doc.totals.blocked,
      ),
      siteScore: doc.siteScore,
      comparison,
      requests: expected && requestsOf ? runRequests(expected, await requestsOf()) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
