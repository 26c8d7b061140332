import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Writes `name.br` and `name.gz` next to every compressible static file of the web build, at the
 * strongest settings (done once per build, so the server never spends CPU on them): the server's
 * @fastify/static sends whichever the browser accepts. HTML is left out: the server rewrites it
 * with the public origin and compresses it on the fly.
 */

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, a compressed copy saves too little to be worth a file (the server's threshold). */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function precompress(root: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(root, name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzip);
    result.files += 1;
    result.bytes += content.length;
    result.brotliBytes += brotli.length;
    result.gzipBytes += gzip.length;
  }
  return result;
}
