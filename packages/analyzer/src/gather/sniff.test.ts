import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '../analysis-error.ts';
import { analyzeArtifacts } from '../analyze-artifacts.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { decodeHtml } from './charset.ts';
import { fetchPage } from './fetch-page.ts';
import { looksBinary } from './sniff.ts';

/** Text as fetchPage sees it: the bytes decoded with the charset a server might announce. */
const decoded = (bytes: Buffer, charset: string | null = null) => decodeHtml(bytes, charset).text;

const PAGE = `<!doctype html><html lang="en"><head><title>A page with stray NULs</title></head>
<body><h1>Hello</h1><p>${'Words of a real page. '.repeat(40)}</p></body></html>`;

/** A tiny but real PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('looksBinary: issue 7 item 11 — a NUL does not make a page binary', () => {
  it.each([
    ['one NUL early', `\0${PAGE}`],
    ['one NUL in the head', PAGE.replace('<title>', '\0<title>')],
    ['a few NULs in the text', PAGE.replaceAll('real', 'real\0')],
    ['a short page with a NUL', '<p>a\0b</p>'],
    ['stray control characters', `${PAGE}\u0007\u0001`],
  ])('reads a text page with %s as text', (_name, text) => {
    expect(looksBinary(text)).toBe(false);
    expect(looksBinary(decoded(Buffer.from(text, 'utf8'), 'utf-8'))).toBe(false);
    expect(looksBinary(decoded(Buffer.from(text, 'latin1')))).toBe(false);
  });

  it.each([
    ['a gzip body (compressed twice)', zlib.gzipSync(PAGE)],
    ['a brotli body', zlib.brotliCompressSync(Buffer.from(PAGE.repeat(20)))],
    ['a PNG image', PNG],
    ['a GIF image', Buffer.concat([Buffer.from('GIF89a'), randomBytes(200)])],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')],
    ['a ZIP archive', Buffer.concat([Buffer.from('PK\u0003\u0004'), zlib.deflateRawSync(PAGE)])],
    ['random bytes', randomBytes(8192)],
  ])('refuses %s whatever the charset', (_name, bytes) => {
    for (const charset of [null, 'utf-8', 'windows-1252', 'iso-8859-2', 'shift_jis']) {
      expect(looksBinary(decoded(bytes, charset)), `${charset}`).toBe(true);
    }
  });
});

describe('fetchPage with NULs in the body', () => {
  const guard = createAddressGuard({ allowPrivate: true });
  let server: LocalServer;
  const bodies = new Map<string, Buffer>();
  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(bodies.get(req.url ?? '') ?? Buffer.alloc(0));
    });
  });
  afterAll(() => server.close());

  it('fetches and analyses a page with a stray NUL, with the NUL handled as browsers do', async () => {
    bodies.set('/nul', Buffer.from(`\0${PAGE.replace('Hello', 'Hel\0lo')}`));
    const fetched = await fetchPage(`${server.origin}/nul`, { guard });
    expect(fetched.html).toContain('\0');
    const report = analyzeArtifacts(makeArtifacts({ html: fetched.html }));
    const headings = report.issues.find((issue) => issue.id === 'headings');
    expect(headings?.details).toMatchObject({ h1: ['Hello'] });
  });

  it('still refuses a binary file served as text/html (parse_error)', async () => {
    bodies.set('/png', PNG);
    const error = await fetchPage(`${server.origin}/png`, { guard }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).code).toBe('parse_error');
  });
});
