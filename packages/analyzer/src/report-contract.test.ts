import { analysisReportSchema, findingSchema } from '@crawlwise/shared/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from './checks/run-checks.ts';
import { createEngine, type Engine } from './engine.ts';
import { makePage } from './page/test-artifacts.ts';
import { type LocalServer, startHttpServer } from './test-support/local-server.ts';

/**
 * The analyzer produces the shared report contract (packages/shared/src/report.ts): a real
 * analysis of a page served on loopback parses, unchanged, with the contract's schema.
 */

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Oak tables and chairs, handmade to order</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
</head><body><main><h1>Oak furniture</h1><p>${'Handmade oak tables and chairs. '.repeat(20)}</p>
<img src="/table.jpg"><a href="javascript:void(0)">click here</a></main></body></html>`;

let site: LocalServer;
let engine: Engine;

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else {
      response.writeHead(404).end();
    }
  });
  engine = createEngine({ allowPrivate: true, render: false });
});

afterAll(async () => {
  await engine.close();
  await site.close();
});

describe('the analysis report', () => {
  it('is exactly the shared report contract', async () => {
    const report = await engine.analyzeUrl(site.url);
    // parse strips unknown keys, so equality also proves nothing outside the contract is sent.
    expect(analysisReportSchema.parse(report)).toEqual(report);
    // Every outcome occurs: no browser (skipped), no hreflang (not applicable), bad links (failed).
    const outcomes = new Set(report.issues.map((issue) => issue.outcome));
    expect([...outcomes].sort()).toEqual(['failed', 'not_applicable', 'passed', 'skipped']);
    const failed = report.issues.filter((issue) => issue.outcome === 'failed');
    expect(failed.every((issue) => typeof issue.howToFix === 'string')).toBe(true);
  });

  it('has only contract findings for a page with nothing to judge', () => {
    const findings = runChecks(makePage({ html: '<html><body><p>Hello</p></body></html>' }));
    for (const finding of findings) expect(findingSchema.parse(finding)).toEqual(finding);
    expect(findings.find((finding) => finding.id === 'image-alt')?.outcome).toBe('not_applicable');
    expect(findings.find((finding) => finding.id === 'hreflang')?.outcome).toBe('not_applicable');
  });
});
