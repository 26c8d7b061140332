import { describe, expect, it } from 'vitest';
import { compareReports } from '../cli-baseline.ts';
import { reportFixture } from '../test-support/report-fixture.ts';
import { SARIF_SCHEMA_TITLE, sarifSchemaErrors } from '../test-support/sarif-schema.ts';
import { renderSarif, renderSarifError } from './sarif.ts';

describe('SARIF output', () => {
  const report = reportFixture();

  it('validates against the SARIF 2.1.0 JSON schema', () => {
    expect(SARIF_SCHEMA_TITLE).toContain('2.1.0');
    const sarif = JSON.parse(renderSarif(report, { comparison: null, toolVersion: '1.2.3' }));
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.version).toBe('2.1.0');
  });

  it('has one rule per check and one located result per finding that did not pass', () => {
    const sarif = JSON.parse(renderSarif(report, { comparison: null, toolVersion: '1.2.3' }));
    const run = sarif.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'crawlwise', version: '1.2.3' });
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual([
      'title',
      'canonical',
      'https',
    ]);
    expect(run.results).toEqual([
      expect.objectContaining({ ruleId: 'title', ruleIndex: 0, level: 'error' }),
      expect.objectContaining({ ruleId: 'canonical', ruleIndex: 1, level: 'warning' }),
    ]);
    expect(run.results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(
      'https://example.com/shop?a=1&b=2',
    );
    expect(run.properties).toMatchObject({ score: 84, finalUrl: report.finalUrl });
  });

  it('marks results new, updated or unchanged against a baseline, still valid', () => {
    const baseline = reportFixture({
      issues: [{ ...report.issues[1]!, severity: 'warning', points: 1 }, report.issues[2]!],
    });
    const comparison = compareReports(baseline, report);
    const sarif = JSON.parse(renderSarif(report, { comparison, toolVersion: '1.2.3' }));
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(
      sarif.runs[0].results.map((result: { baselineState: string }) => result.baselineState),
    ).toEqual(['new', 'updated']);
  });

  it('a page that cannot be analysed is a valid log with a failed invocation', () => {
    const sarif = JSON.parse(
      renderSarifError('http://', { code: 'invalid_url', message: 'Bad URL' }, '1.2.3'),
    );
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].invocations[0]).toMatchObject({ executionSuccessful: false });
    expect(sarif.runs[0].results).toEqual([]);
  });

  it('the validator does reject a log that breaks the schema', () => {
    expect(sarifSchemaErrors({ version: '2.1.0', runs: [{ results: [] }] })).not.toEqual([]);
  });
});
