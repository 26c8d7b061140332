import { describe, expect, it } from 'vitest';
import { compareReports } from '../cli-baseline.ts';
import { reportFixture } from '../test-support/report-fixture.ts';
import { inline, renderMarkdown } from './markdown.ts';

describe('Markdown output', () => {
  const report = reportFixture();

  it('matches the snapshot, comparison included', async () => {
    const baseline = reportFixture({ score: 90, issues: report.issues.slice(1) });
    const markdown = renderMarkdown(report, {
      comparison: compareReports(baseline, report),
      toolVersion: '1.2.3',
    });
    await expect(markdown).toMatchFileSnapshot('__snapshots__/report.md');
  });

  it('keeps page text inert: no raw HTML, no table breaks, one line', () => {
    expect(inline('a <script>|x\n*y*')).toBe('a \\<script\\>\\|x \\*y\\*');
    const markdown = renderMarkdown(report, { comparison: null, toolVersion: '1.2.3' });
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('Compared with the baseline');
  });
});
