import { pipeline, Readable, type Transform } from 'node:stream';
import { clip } from './clip.ts';

/**
 * Reads a response body, undoing its content-encoding with streaming zlib, and stops as soon as
 * the DECODED size passes the limit. Decompression is pulled chunk by chunk by this reader, so a
 * 50 KB gzip bomb that would expand to gigabytes costs at most the limit plus one zlib chunk.
 */

/** Content codings we advertise in Accept-Encoding and can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Most content codings undone for one body. Each costs a decoder built before the first byte
 * arrives, so `br,br,…` 21,000 times once cost 340 MB for one fetch (issue 7). Real servers apply
 * one, a misconfigured proxy two; curl stops at 5 (CVE-2023-23916). See docs/decisions.md.
 */
export const MAX_CONTENT_CODINGS = 3;

const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  constructor(
    readonly limit: number,
    readonly rawBytes: number,
    readonly decodedBytes: number,
  ) {
    super(`Body exceeds ${limit} bytes (read ${rawBytes} raw, ${decodedBytes} decoded)`);
  }
}

/** The body is corrupt for its declared encoding, or uses one we cannot undo. */
export class BodyDecodeError extends Error {
  override readonly name: string = 'BodyDecodeError';
}

/** More content codings than MAX_CONTENT_CODINGS: refused before any decoder is built. */
export class TooManyCodings extends BodyDecodeError {
  override readonly name = 'TooManyCodings';
  constructor(readonly count: number) {
    super(
      `The server applied ${count} content encodings to the page; at most ${MAX_CONTENT_CODINGS} are undone`,
    );
  }
}

export interface BodyResult {
  bytes: Buffer;
  rawBytes: number;
  decodedBytes: number;
  /** True when reading stopped at the limit in 'truncate' mode. */
  truncated: boolean;
}

export interface ReadBodyOptions {
  /** Content-Encoding header value, null or '' for none. */
  encoding: string | null;
  maxBytes: number;
  /** 'error' throws BodyTooLarge past the limit; 'truncate' keeps the first maxBytes. */
  overflow: 'error' | 'truncate';
}

/**
 * Parses "gzip, br" into the codings to undo, last applied first. Throws TooManyCodings past
 * MAX_CONTENT_CODINGS and BodyDecodeError for a coding we cannot undo, before any decoder exists.
 */
export function contentCodings(encoding: string | null): string[] {
  if (!encoding) return [];
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity');
  if (codings.length > MAX_CONTENT_CODINGS) throw new TooManyCodings(codings.length);
  for (const coding of codings) {
    if (!KNOWN_CODINGS.has(coding)) {
      throw new BodyDecodeError(`Unsupported content encoding "${clip(coding, 40)}"`);
    }
  }
  return codings.reverse();
}

function decoderFor(coding: string, firstByte: number | undefined, secondByte: number | undefined) {
  // Taken at the first compressed body, not imported: an uncompressed page never loads node:zlib
  // (issue 23.1).
  const zlib = process.getBuiltinModule('node:zlib');
  // Flush modes that tolerate a truncated stream.
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH } = zlib.constants;
  const ZLIB_LENIENT = { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
  if (coding === 'br') {
    return zlib.createBrotliDecompress({
      flush: BROTLI_OPERATION_FLUSH,
      finishFlush: BROTLI_OPERATION_FLUSH,
    });
  }
  if (coding === 'deflate') {
    // "deflate" should be zlib-wrapped, but some servers send raw deflate: look at the header.
    const zlibWrapped =
      firstByte !== undefined &&
      secondByte !== undefined &&
      (firstByte & 0x0f) === 8 &&
      ((firstByte << 8) | secondByte) % 31 === 0;
    return zlibWrapped ? zlib.createInflate(ZLIB_LENIENT) : zlib.createInflateRaw(ZLIB_LENIENT);
  }
  return zlib.createGunzip(ZLIB_LENIENT);
}

export async function readBody(source: Readable, options: ReadBodyOptions): Promise<BodyResult> {
  const codings = contentCodings(options.encoding);
  const { maxBytes } = options;
  // Deflate expands incompressible input by a few bytes per 16 KB block: a raw body much bigger
  // than the decoded limit cannot be a legitimate page (and trailing junk after a gzip member
  // would otherwise be read forever, since zlib ignores it).
  const rawLimit = codings.length ? Math.ceil(maxBytes * 1.01) + 1024 : maxBytes;

  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let sourceError: unknown;
  const next = async () => {
    try {
      return await iterator.next();
    } catch (error) {
      // Network errors and the deadline arrive here; they must not be mistaken for corrupt data.
      sourceError = error;
      throw error;
    }
  };
  const first = await next();
  let rawBytes = 0;
  let rawOverflow = false;
  async function* raw(): AsyncGenerator<Buffer> {
    try {
      for (let step = first; !step.done; step = await next()) {
        rawBytes += step.value.length;
        if (rawBytes > rawLimit) {
          rawOverflow = true;
          yield step.value.subarray(0, step.value.length - (rawBytes - rawLimit));
          return;
        }
        yield step.value;
      }
    } finally {
      await iterator.return?.();
    }
  }

  const firstChunk = first.done ? undefined : first.value;
  let decoded: Readable = Readable.from(raw(), { objectMode: false });
  const transforms: Transform[] = codings.map((coding, index) =>
    // Only the outermost coding's header is visible here; inner deflate layers (rare) are
    // assumed zlib-wrapped as the RFC says.
    index === 0
      ? decoderFor(coding, firstChunk?.[0], firstChunk?.[1])
      : decoderFor(coding, 0x78, 0x9c),
  );
  if (transforms.length) {
    // pipeline() destroys the whole chain when either end stops or fails: leaving the loop
    // below early closes the undici body and with it the socket.
    decoded = pipeline(decoded, ...(transforms as [Transform]), () => {}) as unknown as Readable;
  }

  const chunks: Buffer[] = [];
  let decodedBytes = 0;
  let truncated = false;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      decodedBytes += chunk.length;
      if (decodedBytes > maxBytes) {
        if (options.overflow === 'error') throw new BodyTooLarge(maxBytes, rawBytes, decodedBytes);
        chunks.push(chunk.subarray(0, chunk.length - (decodedBytes - maxBytes)));
        truncated = true;
        break;
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    if (sourceError !== undefined) throw sourceError;
    const applied = [...codings].reverse().join(', ');
    throw new BodyDecodeError(`The ${applied} body could not be decoded`, {
      cause: error,
    });
  } finally {
    // undici reports destroying an unfinished body as an error event; nobody needs it any more.
    source.on('error', () => {});
    decoded.on('error', () => {});
    decoded.destroy();
    source.destroy();
  }
  if (rawOverflow && !truncated) {
    if (options.overflow === 'error') throw new BodyTooLarge(maxBytes, rawBytes, decodedBytes);
    truncated = true;
  }
  const bytes = Buffer.concat(chunks);
  return { bytes, rawBytes, decodedBytes: truncated ? bytes.length : decodedBytes, truncated };
}
