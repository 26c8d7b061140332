import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A large text compressed once and sent many times inside a gzip answer whose other parts change
 * (the stored site report inside `{"ok":true,"siteCheck":…,"report":…}`: services/site-report-
 * store.ts). A gzip member is a header, one raw deflate stream and a trailer (RFC 1952); a raw
 * deflate stream ended with a sync flush instead of a final block stops on a byte boundary, and a
 * fresh compressor's back references never reach before its own start, so independently
 * compressed fragments can be laid end to end (as pigz does with its blocks). What the trailer
 * needs of the stored fragment, its CRC-32 and length, is kept beside it, and the CRC of the
 * whole is combined from the parts' (crc32Combine) without reading the stored bytes again.
 */

/** A text compressed as a fragment that a gzip answer can carry unchanged. */
export interface DeflatedFragment {
  /** Raw deflate of the text's UTF-8 bytes, ended with a sync flush (no final block). */
  deflated: Buffer;
  /** CRC-32 of the text's UTF-8 bytes. */
  crc32: number;
  /** Length of the text's UTF-8 bytes. */
  bytes: number;
}

/**
 * Deflate level of a stored fragment: level 1 compresses a 4.4 MB site report in ~20 ms to
 * 0.67 MB, level 6 in ~60 ms to 0.60 MB (measured on the bench's 10,000-page report); the worker
 * writes it as the report's request waits, and the last tenth of the size matters less on a
 * network than those 40 ms.
 */
const FRAGMENT_LEVEL = 1;

export function deflateFragment(text: string): DeflatedFragment {
  const bytes = Buffer.from(text, 'utf8');
  return {
    deflated: deflateRawSync(bytes, {
      level: FRAGMENT_LEVEL,
      finishFlush: constants.Z_SYNC_FLUSH,
    }),
    crc32: crc32(bytes),
    bytes: bytes.length,
  };
}

/** The fragment's text again. */
export function inflateFragment(fragment: Pick<DeflatedFragment, 'deflated'>): string {
  // Without a final block the stream never "ends": inflate what there is.
  return inflateRawSync(fragment.deflated, { finishFlush: constants.Z_SYNC_FLUSH }).toString(
    'utf8',
  );
}

/** A gzip member of `before`, the fragment's text and `after`, the fragment not recompressed. */
export function gzipAround(before: string, fragment: DeflatedFragment, after: string): Buffer {
  const head = Buffer.from(before, 'utf8');
  const tail = Buffer.from(after, 'utf8');
  const crc = crc32(tail, crc32Combine(crc32(head), fragment.crc32, fragment.bytes));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE: the input's length modulo 2^32.
  trailer.writeUInt32LE((head.length + fragment.bytes + tail.length) % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
    fragment.deflated,
    deflateRawSync(tail),
    trailer,
  ]);
}

/** ID1 ID2, deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/*
 * CRC-32 of two byte strings laid end to end from each one's CRC and the second's length, as
 * zlib's crc32_combine computes it: the first CRC is multiplied by x^(8·length) modulo the CRC
 * polynomial (bit-reflected arithmetic in GF(2)), then the second is added.
 */
const POLYNOMIAL = 0xedb88320;
/** The polynomial 1 (x^0) in reflected form: the top bit. */
const ONE = 0x80000000;

/** a·b modulo the polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k in 0..31. */
const X_TO_2_TO_K: number[] = (() => {
  const table = [ONE >>> 1]; // x^1
  for (let k = 1; k < 32; k += 1) table.push(multiplyModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let power = ONE;
  let rest = n;
  let at = k;
  while (rest > 0) {
    if (rest % 2 === 1) power = multiplyModP(X_TO_2_TO_K[at % 32]!, power);
    rest = Math.floor(rest / 2);
    at += 1;
  }
  return power;
}

export function crc32Combine(first: number, second: number, secondLength: number): number {
  // x^(8·length) = x^(length·2^3).
  return (multiplyModP(xPowerModP(secondLength, 3), first) ^ second) >>> 0;
}

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 12.5.3): `gzip` (or `x-gzip`) with a
 * nonzero weight, or `*` with one when gzip is not named. No header accepts only identity here,
 * as @fastify/compress reads it.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: boolean | null = null;
  let any = false;
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((each) => each.trim().toLowerCase());
    const weight = parameters.find((each) => /^q\s*=/.test(each));
    const accepted = weight === undefined || Number(weight.replace(/^q\s*=\s*/, '')) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') named = (named ?? false) || accepted;
    else if (coding === '*') any = accepted;
  }
  return named ?? any;
}
