import { execFileSync } from 'node:child_process';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../test-support/test-app.ts';
import { PdfBusyError, PdfFailedError, PdfRenderer } from './pdf-renderer.ts';

/**
 * The PDF renderer on the real headless browser: a document that tries every way of loading
 * something from a server on 127.0.0.1 loads nothing, script does not run, links survive,
 * and the queue and deadline limits answer as documented.
 */

let site: TestSite;
const renderer = new PdfRenderer({ concurrency: 1, maxQueued: 1, idleCloseMs: 0 });

beforeAll(async () => {
  site = await startTestSite({ '/probe': { body: 'x' } });
});

afterAll(async () => {
  await renderer.close();
  await site.close();
});

const textOf = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

describe('PdfRenderer', () => {
  it('makes a PDF without a single request and without running script', async () => {
    const probe = site.url('/probe');
    const html = `<!doctype html><html><head>
<link rel="stylesheet" href="${probe}?css"><link rel="prefetch" href="${probe}?prefetch">
<link rel="icon" href="${probe}?icon"><style>@import url("${probe}?import");
body { background: url("${probe}?background"); } @font-face { font-family: x; src: url("${probe}?font"); }
p { font-family: x; }</style>
</head><body><h1 id="title">Printed as written</h1><p>Text in a remote font</p>
<img src="${probe}?img"><iframe src="${probe}?iframe"></iframe><object data="${probe}?object"></object>
<video src="${probe}?video" poster="${probe}?poster"></video><script src="${probe}?script"></script>
<script>document.getElementById('title').textContent = 'Script ran';</script>
<a href="https://example.com/kept">A kept link</a></body></html>`;
    const pdf = await renderer.render({ html, footerText: 'probe' });
    const text = textOf(pdf);
    expect(text).toContain('Printed as written');
    expect(text).not.toContain('Script ran');
    expect(text).toContain('Page 1 of 1');
    // The link is a link annotation in the PDF.
    expect(pdf.toString('latin1')).toContain('https://example.com/kept');
    // A refresh would replace the document: it must not reach the server either.
    const refresh = `<meta http-equiv="refresh" content="0;url=${probe}?refresh"><p>moved</p>`;
    await renderer.render({ html: refresh, footerText: '' });
    expect(site.hits.size).toBe(0);
  });

  it('refuses a PDF when the queue is full, and serves the queued one', async () => {
    const page = { html: '<p>queued</p>', footerText: '' };
    const first = renderer.render(page);
    const second = renderer.render(page);
    await expect(renderer.render(page)).rejects.toBeInstanceOf(PdfBusyError);
    expect((await first).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await second).subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderer.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up on a PDF past its deadline and frees its slot', async () => {
    const hurried = new PdfRenderer({ timeoutMs: 1, idleCloseMs: 0 });
    try {
      await expect(hurried.render({ html: '<p>late</p>', footerText: '' })).rejects.toBeInstanceOf(
        PdfFailedError,
      );
      expect(hurried.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await hurried.close();
    }
  });

  it('closes its browser when idle and launches it again for the next PDF', async () => {
    // The idle timer is injected: the test fires it instead of sleeping past the delay.
    const armed: Array<{ close: () => void; delayMs: number }> = [];
    const idle = new PdfRenderer({
      idleCloseMs: 60_000,
      armIdleTimer: (close, delayMs) => {
        const entry = { close, delayMs };
        armed.push(entry);
        return () => armed.splice(armed.indexOf(entry), 1);
      },
    });
    try {
      await idle.render({ html: '<p>one</p>', footerText: '' });
      expect(idle.browserOpen).toBe(true);
      expect(armed.map((entry) => entry.delayMs)).toEqual([60_000]);
      armed[0]?.close();
      await waitUntil(() => !idle.browserOpen, { timeoutMs: 5_000, what: 'the idle close' });
      const again = await idle.render({ html: '<p>two</p>', footerText: '' });
      expect(textOf(again)).toContain('two');
    } finally {
      await idle.close();
    }
  });
});
