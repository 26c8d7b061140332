import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedH1 } from './rendered-h1.ts';
import { runCheck } from './run-checks.ts';

const doc = (body: string) => `<html><head></head><body>${body}</body></html>`;
const check = (server: string, after: string) =>
  runCheck(
    makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } }),
    renderedH1,
  );

describe('rendered-h1', () => {
  it('passes when the main heading is the same (a logo heading by its alt text)', () => {
    const finding = check(
      '<h1><img src="l.png" alt="Oak &amp; Co"></h1>',
      '<h1><img src="l.png" alt="Oak &amp; Co"></h1>',
    );
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({ server: ['Oak & Co'], rendered: ['Oak & Co'] });
  });

  it('warns when script changes it, with both values', () => {
    const finding = check('<h1>Loading</h1>', '<h1>Oak tables</h1>');
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('JavaScript changes the main heading');
    expect(finding.details).toMatchObject({ server: ['Loading'], rendered: ['Oak tables'] });
  });

  it('warns when only script adds it', () => {
    expect(check('<div id="app"></div>', '<h1>Oak tables</h1>').message).toBe(
      'The main heading only appears with JavaScript',
    );
  });

  it('warns when script removes it', () => {
    expect(check('<h1>Oak tables</h1>', '<p>Gone</p>').message).toBe(
      'JavaScript removes the main heading',
    );
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedH1).details.reason).toEqual(expect.any(String));
  });
});

describe('rendered-h1 fix', () => {
  it('serves the h1 script adds or changes to, escaped', () => {
    const added = check('<p>x</p>', '<h1>Oak &amp; ash</h1>');
    expect(added.details.fixSnippet).toBe('<h1>Oak &amp; ash</h1>');
    expect(added.howToFix).toBe(
      "Serve <h1>Oak &amp; ash</h1> in the server HTML's main content, not from script.",
    );
    expect(check('<h1>Loading</h1>', '<h1>Oak</h1>').details.fixSnippet).toBe('<h1>Oak</h1>');
  });

  it('keeps the h1 script removes', () => {
    expect(check('<h1>Oak</h1>', '<p>x</p>').howToFix).toBe(
      'Keep <h1>Oak</h1> in the page: stop the script that removes it.',
    );
  });
});
