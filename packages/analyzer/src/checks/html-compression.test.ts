import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { FetchArtifact } from '../types.ts';
import { htmlCompression } from './html-compression.ts';

const KB = 1024;
const run = (fetch: Partial<FetchArtifact>) => htmlCompression.run(makePage({ fetch }));

describe('html-compression check', () => {
  it('passes compressed HTML and reports the cache headers', () => {
    const outcome = run({
      decodedBytes: 58 * KB,
      rawBytes: 12 * KB,
      contentEncoding: 'br',
      headers: { 'cache-control': 'max-age=60', etag: '"abc"', vary: 'Accept-Encoding' },
    });
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The HTML is sent compressed (br: 58 KB → 12 KB)');
    expect(outcome.details).toEqual({
      decodedBytes: 58 * KB,
      rawBytes: 12 * KB,
      contentEncoding: 'br',
      acceptEncoding: 'gzip, deflate, br',
      cache: {
        'cache-control': 'max-age=60',
        expires: null,
        etag: '"abc"',
        'last-modified': null,
        age: null,
        vary: 'Accept-Encoding',
      },
    });
  });

  it('passes small uncompressed HTML', () => {
    const outcome = run({ decodedBytes: 10 * KB, rawBytes: 10 * KB, contentEncoding: null });
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The HTML is sent uncompressed, but it is small (10 KB)');
  });

  it('warns about larger HTML sent without compression, identity included', () => {
    for (const contentEncoding of [null, 'identity']) {
      const outcome = run({ decodedBytes: 40 * KB, rawBytes: 40 * KB, contentEncoding });
      expect(outcome.severity).toBe('warning');
      expect(outcome.message).toBe('The HTML is sent uncompressed (40 KB)');
      expect(outcome.details).not.toHaveProperty('fixSnippet');
    }
  });

  it('writes the configuration for the server that answered', () => {
    const nginx = run({
      decodedBytes: 40 * KB,
      contentEncoding: null,
      headers: { server: 'nginx/1.25.3' },
    });
    expect(nginx.details).toMatchObject({ fixSnippet: expect.stringContaining('gzip on;') });
    expect(nginx.howToFix).toMatch(/^Turn compression on in nginx/);
    const apache = run({
      decodedBytes: 40 * KB,
      contentEncoding: null,
      headers: { server: 'Apache' },
    });
    expect(apache.details).toMatchObject({
      fixSnippet: expect.stringContaining('DEFLATE text/html'),
    });
    const express = run({
      decodedBytes: 40 * KB,
      contentEncoding: null,
      headers: { 'x-powered-by': 'Express' },
    });
    expect(express.details).toMatchObject({
      fixSnippet: expect.stringContaining('app.use(compression())'),
    });
  });

  it('does not apply when the request did not accept gzip or br', () => {
    const outcome = run({
      decodedBytes: 40 * KB,
      contentEncoding: null,
      acceptEncoding: 'gzip;q=0, identity',
    });
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
  });
});
