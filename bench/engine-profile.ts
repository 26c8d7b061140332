/**
 * Engine CPU profile over a folder of saved pages (`npx tsx bench/engine-profile.ts
 * --pages-dir=<folder>`; add `node --cpu-prof` through `NODE_OPTIONS` or run with
 * `node --import tsx --cpu-prof`). Serves the pages on 127.0.0.1 from this process, runs a warm
 * engine (no render) over them `--rounds` times with `--concurrency` analyses in flight, and
 * prints this process's CPU per page. `--analysis-threads=0` (the default here) keeps every
 * stage on the main thread, so one profile shows the whole analysis. With `--checks` it also
 * times the pure half (parse, text, each check, score) page by page on pre-fetched artifacts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import { runCheck } from '@crawlwise/analyzer/checks/run-checks';
import { createEngine } from '@crawlwise/analyzer/engine';
import { createPageContext } from '@crawlwise/analyzer/page/page-context';
import { buildMetaJson } from '@crawlwise/analyzer/score/meta-json';
import { scoreFindings } from '@crawlwise/analyzer/score/score';
import type { FetchArtifact, Finding } from '@crawlwise/analyzer/types';
import { offlineResolver } from './corpus/offline-resolver.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const folder = path.resolve(args.get('pages-dir') ?? 'bench/corpus-pages');
const rounds = Number(args.get('rounds') ?? 3);
const concurrency = Number(args.get('concurrency') ?? 8);
const threads = Number(args.get('analysis-threads') ?? 0);

const bodies = new Map<string, Buffer>();
for (const name of readdirSync(folder).sort()) {
  const source = path.join(folder, name, 'source.html');
  if (statSync(path.join(folder, name)).isDirectory()) {
    bodies.set(`/${encodeURIComponent(name)}/`, readFileSync(source));
  }
}
const server = createServer((req, res) => {
  const body = bodies.get((req.url ?? '/').split('?')[0]!);
  if (!body) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const urls = [...bodies.keys()].map((p) => origin + p);

const engine = createEngine({
  allowPrivate: true,
  resolver: offlineResolver,
  render: false,
  analysisThreads: threads,
});
const documents: FetchArtifact[] = [];
try {
  for (const url of urls) await engine.analyzeUrl(url);
  const batch = Array.from({ length: rounds }, () => urls).flat();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) await engine.analyzeUrl(batch[next++]!);
    }),
  );
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `${batch.length} analyses, ${threads} analysis threads, concurrency ${concurrency}: ` +
      `${(batch.length / (wall / 1000)).toFixed(1)} pages/s, node CPU ${(cpuMs / batch.length).toFixed(2)} ms/page ` +
      `(load average ${os.loadavg()[0]!.toFixed(2)})`,
  );
  if (args.has('checks')) {
    for (const url of urls) documents.push(await engine.fetchDocument(url));
  }
} finally {
  await engine.close();
  server.close();
}

if (args.has('checks')) {
  const stages = new Map<string, number>();
  const add = (key: string, ms: number) => stages.set(key, (stages.get(key) ?? 0) + ms);
  const robots = {
    url: `${origin}/robots.txt`,
    status: 'missing',
    allowedForGooglebot: true,
  } as const;
  for (let round = 0; round < rounds; round++) {
    for (const fetch of documents) {
      let mark = performance.now();
      const lap = (key: string) => {
        const now = performance.now();
        add(key, now - mark);
        mark = now;
      };
      const page = createPageContext({
        fetch,
        robots,
        render: { status: 'skipped', reason: 'no render' },
      });
      void page.document;
      lap('parseServer');
      void page.serverText;
      lap('textServer');
      const findings: Finding[] = [];
      for (const check of ALL_CHECKS) {
        findings.push(runCheck(page, check));
        lap(`check ${check.meta.id}`);
      }
      scoreFindings(findings);
      buildMetaJson(page, findings);
      lap('score');
    }
  }
  const rows = [...stages].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, ms]) => s + ms, 0);
  console.log(`pure half per corpus pass: ${(total / rounds).toFixed(0)} ms`);
  for (const [key, ms] of rows.slice(0, 25))
    console.log(`  ${key.padEnd(32)} ${(ms / rounds).toFixed(1)} ms`);
}
