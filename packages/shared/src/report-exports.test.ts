import { describe, expect, it } from 'vitest';
import { exportFileName, reportExportPath } from './report-exports.ts';

describe('exportFileName', () => {
  it('names the host and the day the analysis finished', () => {
    expect(exportFileName('https://example.com/a?b=1', '2026-11-22T23:59:00.000Z', 'pdf')).toBe(
      'crawlwise-example.com-2026-11-22.pdf',
    );
  });

  it('keeps only safe characters (no port, an internationalised host, a broken address)', () => {
    expect(exportFileName('http://127.0.0.1:8080/', '2026-01-02T00:00:00Z', 'csv')).toBe(
      'crawlwise-127.0.0.1-2026-01-02.csv',
    );
    expect(exportFileName('https://bücher.de/', '2026-01-02T00:00:00Z', 'json')).toBe(
      'crawlwise-xn--bcher-kva.de-2026-01-02.json',
    );
    expect(exportFileName('http://[::1]:3000/', '2026-01-02T00:00:00Z', 'pdf')).toBe(
      'crawlwise-1-2026-01-02.pdf',
    );
    expect(exportFileName('not a url', 'later', 'pdf')).toBe('crawlwise-report-undated.pdf');
  });
});

describe('reportExportPath', () => {
  it('puts the format in the last segment', () => {
    expect(reportExportPath('abc_-1', 'csv')).toBe('/api/reports/abc_-1/export.csv');
  });
});
