import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { parseBatchArgs } from './batch-args.ts';
import { BATCH_EXIT_NOT_ANALYSABLE, BATCH_EXIT_OK, runBatchCommand } from './command.ts';

let site: LocalServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crawlwise-batch-'));
  site = await startHttpServer((req, res) => {
    if (req.url === '/sitemap.xml') {
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<urlset><url><loc>${site.origin}/a</loc></url><url><loc>${site.origin}/b</loc></url></urlset>`,
        );
    }
    if (req.url === '/a' || req.url === '/b' || req.url === '/c') {
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Page ${req.url}</title><h1>Hello</h1><p>Some text.</p>`);
    }
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += String(chunk);
  });
  return { stream, text: () => text };
}

async function run(argv: string[], json: boolean) {
  const { batch, rest } = parseBatchArgs(argv);
  const stdout = capture();
  const stderr = capture();
  const code = await runBatchCommand({
    urls: rest,
    batch,
    json,
    engineOptions: { allowPrivate: true, render: false, analysisThreads: 0 },
    stdout: stdout.stream,
    stderr: stderr.stream as unknown as NodeJS.WriteStream,
    signal: new AbortController().signal,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('runBatchCommand', () => {
  it('analyses arguments, a list file and a sitemap together and prints one JSON document', async () => {
    const list = join(dir, 'urls.txt');
    await writeFile(list, `# extra\n${site.origin}/c\n${site.origin}/missing\n`);
    const out = await run(
      [
        `${site.origin}/a`,
        '--urls',
        list,
        '--sitemap',
        `${site.origin}/sitemap.xml`,
        '--per-host-delay',
        '0',
      ],
      true,
    );
    expect(out.code).toBe(BATCH_EXIT_NOT_ANALYSABLE);
    // No progress bar and nothing else on a stderr that is not a terminal.
    expect(out.stderr).toBe('');
    const doc = JSON.parse(out.stdout);
    expect(doc.pages.map((p: { url: string; status: string }) => [p.url, p.status])).toEqual([
      [`${site.origin}/a`, 'ok'],
      [`${site.origin}/c`, 'ok'],
      [`${site.origin}/missing`, 'failed'],
      [`${site.origin}/b`, 'ok'],
    ]);
    expect(doc.pages[0]).toMatchObject({
      score: expect.any(Number),
      criticals: expect.any(Number),
    });
    expect(doc.pages[0].report.finalUrl).toBe(`${site.origin}/a`);
    expect(doc.totals).toMatchObject({ pages: 4, analysed: 3, failed: 1, duplicates: 1 });
    expect(doc.site.errors).toEqual([
      expect.objectContaining({ url: `${site.origin}/missing`, code: 'http_error_404' }),
    ]);
    expect(doc.sitemap).toMatchObject({ sitemaps: [`${site.origin}/sitemap.xml`], failures: [] });
  });

  it('prints the table and the site view, exit 0 when every page was analysed', async () => {
    const out = await run([`${site.origin}/a`, `${site.origin}/b`, '--per-host-delay=0'], false);
    expect(out.code).toBe(BATCH_EXIT_OK);
    expect(out.stdout).toMatch(/^URL\s+Score\s+Criticals\n/);
    expect(out.stdout).toContain('2 pages: 2 analysed, 0 failed');
    expect(out.stdout).toContain('Site view');
  });

  it('counts sitemap addresses against --max-pages after the listed ones', async () => {
    const out = await run(
      [
        `${site.origin}/c`,
        '--sitemap',
        `${site.origin}/sitemap.xml`,
        '--max-pages',
        '2',
        '--per-host-delay',
        '0',
      ],
      true,
    );
    const doc = JSON.parse(out.stdout);
    expect(doc.pages.map((p: { url: string }) => p.url)).toEqual([
      `${site.origin}/c`,
      `${site.origin}/a`,
    ]);
    expect(doc.sitemap.truncated).toBe(true);
  });

  it('fails the run, with the reason, when the sitemap or the list cannot be read', async () => {
    const sitemap = await run(['--sitemap', `${site.origin}/gone.xml`], false);
    expect(sitemap.code).toBe(BATCH_EXIT_NOT_ANALYSABLE);
    expect(sitemap.stderr).toBe(
      `Cannot read the sitemap (http_error_404): ${site.origin}/gone.xml: The server answered HTTP 404 Not Found.\n`,
    );
    const list = await run(['--urls', join(dir, 'absent.txt')], true);
    expect(list.code).toBe(BATCH_EXIT_NOT_ANALYSABLE);
    expect(JSON.parse(list.stdout)).toMatchObject({ error: 'invalid_request' });
  });
});
