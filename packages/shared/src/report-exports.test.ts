import { describe, expect, it } from 'vitest';
import { exportFileName, reportExportPath } from './report-exports.ts';

describe('exportFileName', () => {
  it('names the host, the page and the moment the analysis finished (issue 27)', () => {
    expect(
      exportFileName('https://example.com/blog/oak-tables', '2026-11-22T23:59:00.000Z', 'pdf'),
    ).toBe('crawlwise-example.com-blog-oak-tables-2026-11-22-2359.pdf');
    expect(exportFileName('https://example.com/', '2026-11-22T10:30:12Z', 'csv')).toBe(
      'crawlwise-example.com-2026-11-22-1030.csv',
    );
  });

  it('gives two pages of one site, or one page analysed twice, different names', () => {
    const names = new Set([
      exportFileName('https://example.com/a', '2026-11-22T10:30:00Z', 'pdf'),
      exportFileName('https://example.com/b', '2026-11-22T10:30:00Z', 'pdf'),
      exportFileName('https://example.com/a?page=2', '2026-11-22T10:30:00Z', 'pdf'),
      exportFileName('https://example.com/a?page=3', '2026-11-22T10:30:00Z', 'pdf'),
      exportFileName('https://example.com/a', '2026-11-22T11:45:00Z', 'pdf'),
    ]);
    expect(names.size).toBe(5);
  });

  it('keeps only safe characters (no port, an internationalised host, a broken address)', () => {
    expect(exportFileName('http://127.0.0.1:8080/', '2026-01-02T00:00:00Z', 'csv')).toBe(
      'crawlwise-127.0.0.1-2026-01-02-0000.csv',
    );
    expect(exportFileName('https://bücher.de/Über uns/', '2026-01-02T00:00:00Z', 'json')).toBe(
      'crawlwise-xn--bcher-kva.de-ber-uns-2026-01-02-0000.json',
    );
    expect(exportFileName('http://[::1]:3000/', '2026-01-02T00:00:00Z', 'pdf')).toBe(
      'crawlwise-1-2026-01-02-0000.pdf',
    );
    expect(exportFileName('not a url', 'later', 'pdf')).toBe('crawlwise-report-undated.pdf');
    const long = exportFileName(`https://example.com/${'a-'.repeat(100)}`, '2026-01-02', 'pdf');
    expect(long.length).toBeLessThan(100);
    expect(long).toMatch(/^crawlwise-example\.com-[a-z0-9-]+-2026-01-02\.pdf$/);
  });
});

describe('reportExportPath', () => {
  it('puts the format in the last segment', () => {
    expect(reportExportPath('abc_-1', 'csv')).toBe('/api/reports/abc_-1/export.csv');
  });
});
