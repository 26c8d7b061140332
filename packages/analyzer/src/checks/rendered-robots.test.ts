import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedRobots } from './rendered-robots.ts';
import { runCheck } from './run-checks.ts';

const doc = (content: string | null) =>
  `<html><head>${content === null ? '' : `<meta name="robots" content="${content}">`}</head><body></body></html>`;
const check = (server: string | null, after: string | null, headers?: Record<string, string>) =>
  runCheck(
    makePage({
      html: doc(server),
      fetch: headers ? { headers } : {},
      render: { status: 'rendered', html: doc(after) },
    }),
    renderedRobots,
  );

describe('rendered-robots', () => {
  it('passes when script leaves the directives alone', () => {
    const finding = check('index, follow', 'index, follow');
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({ noindexServer: false, noindexRendered: false });
  });

  it('is critical when script adds noindex', () => {
    const finding = check(null, 'noindex');
    expect(finding.severity).toBe('critical');
    expect(finding.message).toBe('JavaScript adds noindex to the page');
    expect(finding.details).toMatchObject({
      server: [],
      rendered: ['noindex'],
      noindexRendered: true,
    });
  });

  it('is critical when script removes noindex, which Google never sees', () => {
    const finding = check('noindex', 'index');
    expect(finding.severity).toBe('critical');
    expect(finding.message).toBe('JavaScript removes noindex, too late for Google');
    expect(finding.details).toMatchObject({ server: ['noindex'], rendered: ['index'] });
  });

  it('keeps a header noindex on both sides: removing the meta tag changes nothing', () => {
    const finding = check('noindex', null, { 'x-robots-tag': 'noindex' });
    expect(finding.severity).toBe('success');
  });

  it('warns when script changes other directives', () => {
    const finding = check('index', 'index, nofollow');
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('JavaScript changes the robots directives');
    expect(finding.details).toMatchObject({ addedByScript: ['nofollow'] });
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedRobots).details.reason).toEqual(expect.any(String));
  });
});

describe('rendered-robots fix', () => {
  it('points at the script that adds noindex', () => {
    expect(check('index', 'noindex').howToFix).toBe(
      'Stop the script that adds <meta name="robots"> with noindex.',
    );
  });

  it('rewrites the server tag whose noindex script removes too late', () => {
    const finding = check('noindex, nofollow', 'index');
    expect(finding.howToFix).toBe(
      'Replace <meta name="robots" content="noindex, nofollow"> with <meta name="robots" content="nofollow">.',
    );
    expect(finding.details.fixSnippet).toBe('<meta name="robots" content="nofollow">');
  });

  it('serves the directives script sets, or none', () => {
    const finding = check('index, follow', 'index, nofollow');
    expect(finding.details.fixSnippet).toBe('<meta name="robots" content="index, nofollow">');
    expect(check('nofollow', null).howToFix).toMatch(
      /^Remove the robots meta tags from the server HTML/,
    );
  });
});
