import zlib from 'node:zlib';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { MAX_CONTENT_CODINGS } from '@crawlwise/analyzer/gather/read-body';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisFailure } from './support/connections.ts';
import {
  loopbackGuard as guard,
  type RoutedServer,
  startRoutedServer,
} from './support/loopback-routes.ts';

/**
 * Stacked Content-Encoding (issue 7, item 2): `br,br,…` 21,000 times fits in the header limit and
 * once built 21,000 brotli decoders before the first body byte (340 MB for one fetch, 2.7 GB for
 * 16 at once), and the error quoted the whole header. Now more than MAX_CONTENT_CODINGS codings
 * are refused from the header alone: the servers here send headers and then nothing, so a fetch
 * that waited for the body would end in fetch_timeout, and spies on every zlib decoder factory
 * show none was built.
 */

let site: RoutedServer;
beforeAll(async () => {
  site = await startRoutedServer();
});
afterAll(() => site.close());
afterEach(() => {
  site.clear();
  vi.restoreAllMocks();
});

function spyOnDecoders() {
  return [
    vi.spyOn(zlib, 'createBrotliDecompress'),
    vi.spyOn(zlib, 'createGunzip'),
    vi.spyOn(zlib, 'createInflate'),
    vi.spyOn(zlib, 'createInflateRaw'),
  ];
}

/** A route that answers 200 with these Content-Encoding value(s) and never sends a body. */
function headersOnly(path: string, encoding: string | string[]): string {
  return site.route(path, (_req, res) => {
    // An array becomes one header line per value.
    res.setHeader('content-encoding', encoding);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.flushHeaders();
  });
}

const STACKED = Array(21_000).fill('br').join(',');

describe('stacked content codings', () => {
  it.each([
    ['br,br,… 21,000 times', STACKED, 21_000],
    ['gzip, gzip, … 10,000 times', Array(10_000).fill('gzip').join(', '), 10_000],
    ['four separate Content-Encoding lines', ['gzip', 'br', 'gzip', 'deflate'], 4],
    ['four codings padded with identity', 'gzip, identity, br, identity, gzip, deflate', 4],
  ])(
    'refuses %s from the header, before any decoder or body byte (parse_error)',
    async (_, encoding, count) => {
      const decoders = spyOnDecoders();
      const url = headersOnly('/stacked', encoding);
      const started = performance.now();
      const error = await analysisFailure(fetchPage(url, { guard, timeoutMs: 5_000 }));
      expect(error.code).toBe('parse_error');
      expect(error.message).toBe(
        `The server applied ${count} content encodings to the page; at most ${MAX_CONTENT_CODINGS} are undone.`,
      );
      for (const decoder of decoders) expect(decoder).not.toHaveBeenCalled();
      expect(performance.now() - started).toBeLessThan(1_000);
    },
  );

  it('refuses 16 such fetches at once just as fast', async () => {
    const decoders = spyOnDecoders();
    const url = headersOnly('/stacked-16', STACKED);
    const started = performance.now();
    const errors = await Promise.all(
      Array.from({ length: 16 }, () =>
        analysisFailure(fetchPage(url, { guard, timeoutMs: 5_000 })),
      ),
    );
    expect(errors.map((e) => e.code)).toEqual(Array(16).fill('parse_error'));
    for (const decoder of decoders) expect(decoder).not.toHaveBeenCalled();
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('quotes at most a few characters of an unknown coding', async () => {
    const url = headersOnly('/unknown', `zstd${'z'.repeat(60_000)}`);
    const error = await analysisFailure(fetchPage(url, { guard, timeoutMs: 5_000 }));
    expect(error.code).toBe('parse_error');
    expect(error.message.length).toBeLessThan(100);
  });

  it(`still undoes ${MAX_CONTENT_CODINGS} codings`, async () => {
    const html = '<p>three layers';
    const body = zlib.brotliCompressSync(zlib.gzipSync(zlib.gzipSync(html)));
    const url = site.route('/three', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip, gzip, br' });
      res.end(body);
    });
    expect((await fetchPage(url, { guard })).html).toBe(html);
  });
});
