import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip, as the client accepts, for every text answer built in memory (HTML pages, JSON,
 * robots.txt, sitemap.xml). Answers below the threshold go out as they are: a few hundred bytes
 * gain nothing worth the CPU. Static files in the web build are compressed once at build time
 * (apps/web/scripts/precompress.ts) and served in their .br/.gz form by @fastify/static, which
 * marks them with Content-Encoding, so this hook leaves them alone.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Brotli quality 5: close to gzip's speed on the fly with noticeably smaller output. */
const BROTLI_QUALITY = 5;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Registered on the root instance before any route (and before @fastify/static), so its hook
  // covers every route; requests are never decompressed (bodies are small JSON).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    },
  });
}
