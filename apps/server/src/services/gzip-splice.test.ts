import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptsGzip,
  crc32Combine,
  deflateFragment,
  gzipAround,
  inflateFragment,
} from './gzip-splice.ts';

describe('gzip splice', () => {
  it('combines CRC-32s as computing it over the joined bytes does', () => {
    for (const [left, right] of [
      [0, 0],
      [1, 1],
      [17, 1000],
      [4096, 65_537],
      [3, 0],
    ] as const) {
      const a = randomBytes(left);
      const b = randomBytes(right);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('inflates a fragment back to its text', () => {
    const text = `{"pages":[${Array.from({ length: 2000 }, (_, i) => `{"url":"/p/${i}","é":"ü"}`)}]}`;
    const fragment = deflateFragment(text);
    expect(fragment.bytes).toBe(Buffer.byteLength(text));
    expect(fragment.deflated.length).toBeLessThan(fragment.bytes / 4);
    expect(inflateFragment(fragment)).toBe(text);
  });

  it('wraps a stored fragment in a gzip member any gzip reader decodes, trailer checked', () => {
    const report = JSON.stringify({
      pages: Array.from({ length: 5000 }, (_, i) => ({ url: `https://example.com/${i}`, s: i })),
      note: 'naïve — ✓',
    });
    const fragment = deflateFragment(report);
    for (const before of ['', '{"ok":true,"siteCheck":{"id":"ä"},"report":']) {
      const body = gzipAround(before, fragment, '}');
      // gunzipSync checks the trailer's CRC-32 and length: a wrong one throws.
      expect(gunzipSync(body).toString('utf8')).toBe(`${before}${report}}`);
    }
    expect(gunzipSync(gzipAround('', deflateFragment(''), '')).toString()).toBe('');
  });

  it('decodes in a web runtime too (the stream a browser uses)', async () => {
    const fragment = deflateFragment('"x".repeat(3)'.repeat(10_000));
    const body = gzipAround('[', fragment, ']');
    const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'));
    expect(await new Response(stream).text()).toBe(`[${'"x".repeat(3)'.repeat(10_000)}]`);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate', true],
    ['br', false],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000, br', false],
    ['*', true],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['deflate, gzip;q=0.5', true],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
