import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';

describe('parseCliArgs', () => {
  it('defaults to the readable summary on stdout, rendered, public targets only', () => {
    expect(parseCliArgs(['https://example.com'])).toMatchObject({
      url: 'https://example.com',
      format: 'summary',
      output: null,
      gates: [],
      baseline: null,
      render: true,
      allowPrivate: false,
      problems: [],
    });
  });

  it('reads --format in both spellings, with --json as the shorthand for json', () => {
    expect(parseCliArgs(['u', '--format', 'sarif']).format).toBe('sarif');
    expect(parseCliArgs(['u', '--format=markdown']).format).toBe('markdown');
    expect(parseCliArgs(['u', '--json']).format).toBe('json');
    expect(parseCliArgs(['u', '--json', '--format', 'json']).problems).toEqual([]);
  });

  it('refuses an unknown format, two different formats and a missing value', () => {
    expect(parseCliArgs(['u', '--format', 'xml']).problems).toEqual([
      'Unknown format: xml (use summary, json, markdown, html, sarif).',
    ]);
    expect(parseCliArgs(['u', '--json', '--format', 'html']).problems).toEqual([
      'Two formats given: json and html.',
    ]);
    expect(parseCliArgs(['u', '--output']).problems).toEqual(['--output needs a value.']);
  });

  it('collects gates from repeated and comma-separated --fail-on', () => {
    const args = parseCliArgs([
      'u',
      '--fail-on',
      'score<90,critical',
      '--fail-on=check:canonical',
      '--fail-on',
      'regression',
      '--baseline',
      'old.json',
      '--output',
      'out/report.sarif',
    ]);
    expect(args.problems).toEqual([]);
    expect(args.gates.map((gate) => gate.kind)).toEqual([
      'score-below',
      'severity',
      'check',
      'regression',
    ]);
    expect(args).toMatchObject({ baseline: 'old.json', output: 'out/report.sarif' });
  });

  it('says what is wrong: unknown rules, regression without a baseline, unknown options; keeps every URL', () => {
    expect(parseCliArgs(['u', '--fail-on', 'score>3']).problems[0]).toMatch(
      /^Unknown --fail-on rule: score>3/,
    );
    expect(parseCliArgs(['u', '--fail-on', 'regression']).problems).toEqual([
      '--fail-on regression needs --baseline <file>.',
    ]);
    expect(parseCliArgs(['a', 'b', '--bogus'])).toMatchObject({
      url: 'a',
      urls: ['a', 'b'],
      problems: ['Unknown option: --bogus'],
    });
    expect(parseCliArgs(['--help']).problems).toEqual([]);
  });
});
