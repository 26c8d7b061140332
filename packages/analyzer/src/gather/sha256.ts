/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, in hex. For the few short hashes a one-page
 * run needs (unknown-path.ts): node:crypto takes ~6 ms to load, more than a CLI run's own
 * hashing by far (issue 23.1). Not for bulk data; sha256.test.ts compares it with node:crypto.
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Uint32Array(64);
/** Likewise of the square roots of the first 8 primes: the initial hash value. */
const H0 = new Uint32Array(8);

function fillConstants(): void {
  const primes: number[] = [];
  for (let candidate = 2; primes.length < 64; candidate++) {
    if (primes.every((prime) => candidate % prime !== 0)) primes.push(candidate);
  }
  const fraction32 = (value: number) => ((value - Math.floor(value)) * 2 ** 32) >>> 0;
  primes.forEach((prime, index) => {
    K[index] = fraction32(Math.cbrt(prime));
    if (index < 8) H0[index] = fraction32(Math.sqrt(prime));
  });
}

const rotr = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits));

export function sha256Hex(text: string): string {
  if (K[0] === 0) fillConstants();
  const bytes = Buffer.from(text, 'utf8');
  // The message, a 1 bit, zeros, and the length in bits as 64 bits: a multiple of 64 bytes.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);

  const hash = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block * 64 + t * 4);
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15] as number;
      const b = w[t - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const e0 = e as number;
      const a0 = a as number;
      const s1 = rotr(e0, 6) ^ rotr(e0, 11) ^ rotr(e0, 25);
      const choice = (e0 & (f as number)) ^ (~e0 & (g as number));
      const t1 = ((h as number) + s1 + choice + (K[t] as number) + (w[t] as number)) >>> 0;
      const s0 = rotr(a0, 2) ^ rotr(a0, 13) ^ rotr(a0, 22);
      const majority =
        (a0 & (b as number)) ^ (a0 & (c as number)) ^ ((b as number) & (c as number));
      const t2 = (s0 + majority) >>> 0;
      h = g;
      g = f;
      f = e;
      e = ((d as number) + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const rounds = [a, b, c, d, e, f, g, h] as number[];
    for (let i = 0; i < 8; i++) hash[i] = ((hash[i] as number) + (rounds[i] as number)) >>> 0;
  }
  return Array.from(hash, (word) => word.toString(16).padStart(8, '0')).join('');
}
