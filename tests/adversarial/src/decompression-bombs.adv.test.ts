import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { MAX_PAGE_BYTES } from '@crawlwise/shared/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analysisFailure } from './support/connections.ts';
import {
  loopbackGuard as guard,
  type RoutedServer,
  startRoutedServer,
} from './support/loopback-routes.ts';

/**
 * Compression bombs: a few kilobytes that decode to hundreds of megabytes or more. The reader
 * counts DECODED bytes and stops at the page limit (5 MB), pulling the decoder chunk by chunk, so
 * a bomb costs about the limit whatever it would expand to. Bombs are built by streaming zeros
 * (never holding the expansion in memory) and served from loopback.
 */

const MB = 1 << 20;

async function compressZeros(megabytes: number, encoder: Transform): Promise<Buffer> {
  const zeros = Buffer.alloc(MB);
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < megabytes; i++) yield zeros;
      })(),
    ),
    encoder,
    async (compressed: AsyncIterable<Buffer>) => {
      for await (const part of compressed) parts.push(part);
    },
  );
  return Buffer.concat(parts);
}

const brotli = () =>
  zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });

let site: RoutedServer;
const bombs: Record<string, { body: Buffer; encoding: string; decodedMb: number }> = {};

beforeAll(async () => {
  site = await startRoutedServer();
  const gzip100 = await compressZeros(100, zlib.createGzip({ level: 9 }));
  bombs.gzip = { body: gzip100, encoding: 'gzip', decodedMb: 100 };
  bombs.brotli = { body: await compressZeros(256, brotli()), encoding: 'br', decodedMb: 256 };
  bombs.deflate = {
    body: await compressZeros(64, zlib.createDeflate({ level: 9 })),
    encoding: 'deflate',
    decodedMb: 64,
  };
  // Layers multiply: gzip of the 100 MB gzip bomb, then brotli of that.
  const twice = zlib.gzipSync(gzip100, { level: 9 });
  bombs['gzip inside gzip'] = { body: twice, encoding: 'gzip, gzip', decodedMb: 100 };
  bombs['gzip, gzip, br'] = {
    body: zlib.brotliCompressSync(twice),
    encoding: 'gzip, gzip, br',
    decodedMb: 100,
  };
}, 30_000);
afterAll(() => site.close());
afterEach(() => site.clear());

describe('decompression bombs', () => {
  it.each(['gzip', 'brotli', 'deflate', 'gzip inside gzip', 'gzip, gzip, br'])(
    'stops a %s bomb at the decoded-size limit (content_too_large)',
    async (name) => {
      const bomb = bombs[name]!;
      expect(bomb.body.length).toBeLessThan(200 * 1024);
      const url = site.route('/bomb', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': bomb.encoding });
        res.end(bomb.body);
      });
      const started = performance.now();
      const error = await analysisFailure(fetchPage(url, { guard }));
      expect(error.code).toBe('content_too_large');
      expect(error.message).toContain(`${MAX_PAGE_BYTES / MB} MB once decompressed`);
      expect(performance.now() - started).toBeLessThan(3_000);
    },
  );

  it('stops an endless gzip stream and closes the connection', async () => {
    // Gzip allows members back to back: the same 16 MB-of-zeros member (16 KB) sent again and
    // again is a body without end. The server gives up by itself after 1,000 (16 GB decoded).
    const member = await compressZeros(16, zlib.createGzip({ level: 9 }));
    let written = 0;
    let closedEarly = false;
    const url = site.route('/endless', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.on('close', () => {
        closedEarly = !res.writableFinished;
      });
      const pump = () => {
        while (written < 1_000 && !res.destroyed) {
          written += 1;
          if (!res.write(member)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    const error = await analysisFailure(fetchPage(url, { guard }));
    expect(error.code).toBe('content_too_large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedEarly).toBe(true);
    // What sits in socket buffers aside, the client read about the limit's worth and hung up.
    expect(written).toBeLessThan(1_000);
  });
});
