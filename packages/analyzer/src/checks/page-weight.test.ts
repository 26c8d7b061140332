import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { formatBytes, pageWeight } from './page-weight.ts';

const run = (decodedBytes: number, rawBytes: number, contentEncoding: string | null) =>
  pageWeight.run(makePage({ fetch: { decodedBytes, rawBytes, contentEncoding } }));

describe('page-weight check', () => {
  it('has stable meta', () => {
    expect(pageWeight.meta).toMatchObject({ id: 'page-weight' });
  });

  it('passes a document up to 1 MB and reports compression', () => {
    expect(run(87_000, 21_000, 'gzip')).toEqual({
      severity: 'success',
      message: 'The HTML is 85 KB (gzip-compressed to 21 KB)',
      details: { decodedBytes: 87_000, rawBytes: 21_000, contentEncoding: 'gzip' },
    });
    expect(run(1024 * 1024, 1024 * 1024, null).severity).toBe('success');
  });

  it('says when the document is not compressed', () => {
    expect(run(900, 900, null).message).toBe('The HTML is 900 bytes (not compressed)');
  });

  it('warns above 1 MB, suggesting compression when it is off', () => {
    const outcome = run(1024 * 1024 + 1, 1024 * 1024 + 1, null);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The HTML is heavy (1.0 MB, not compressed)');
    expect(outcome.why).toContain('enable gzip or Brotli');
  });

  it('does not suggest compression when it is on', () => {
    const outcome = run(3 * 1024 * 1024, 400_000, 'br');
    expect(outcome.message).toBe('The HTML is heavy (3.0 MB, br-compressed to 391 KB)');
    expect(outcome.why).not.toContain('gzip');
  });
});

describe('formatBytes', () => {
  it('uses bytes, KB and MB', () => {
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
  });
});
