import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("equals node:crypto's for every length across the block boundaries, and non-ASCII text", () => {
    const texts: string[] = [];
    for (let length = 0; length <= 200; length++) texts.push('x'.repeat(length));
    texts.push(
      'crawlwise soft-404 https://example.com',
      'crawlwise soft-404 http://127.0.0.1:8080',
      'crawlwise soft-404 https://xn--bcher-kva.example',
      'déjà vu — 日本語 😀',
      'a'.repeat(100_000),
    );
    for (const text of texts) expect(sha256Hex(text), text.slice(0, 40)).toBe(nodeSha256(text));
  });
});
