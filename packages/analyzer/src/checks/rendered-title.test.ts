import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedTitle } from './rendered-title.ts';
import { runCheck } from './run-checks.ts';

const doc = (head: string) => `<html><head>${head}</head><body><p>Text</p></body></html>`;
const compare = (server: string, after: string) =>
  makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } });

describe('rendered-title', () => {
  it('passes when script leaves the title alone', () => {
    const finding = runCheck(
      compare('<title>Oak tables</title>', '<title>Oak  tables</title>'),
      renderedTitle,
    );
    expect(finding.severity).toBe('success');
    expect(finding.details).toEqual({
      server: 'Oak tables',
      rendered: 'Oak tables',
      change: 'same',
    });
  });

  it('warns when script changes the title, with both values', () => {
    const finding = runCheck(
      compare('<title>Loading…</title>', '<title>Oak tables</title>'),
      renderedTitle,
    );
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('JavaScript changes the title');
    expect(finding.details).toEqual({
      server: 'Loading…',
      rendered: 'Oak tables',
      change: 'changed',
      fixSnippet: '<title>Oak tables</title>',
    });
    expect(finding.howToFix).toBe(
      "Serve <title>Oak tables</title> in the server HTML's <head> in place of the current title, so crawlers that do not run JavaScript read the same title as Google.",
    );
  });

  it('warns when only script sets the title', () => {
    const finding = runCheck(compare('', '<title>Oak tables</title>'), renderedTitle);
    expect(finding.message).toBe('The title only appears with JavaScript');
    expect(finding.details).toMatchObject({
      server: null,
      rendered: 'Oak tables',
      change: 'added',
    });
  });

  it('warns when script removes the title', () => {
    const finding = runCheck(compare('<title>Oak tables</title>', ''), renderedTitle);
    expect(finding.message).toBe('JavaScript removes the title');
    expect(finding.severity).toBe('warning');
  });

  it('is skipped without a render, naming the reason', () => {
    const finding = runCheck(makePage({ html: doc('<title>Oak</title>') }), renderedTitle);
    expect(finding.severity).toBe('success');
    expect(finding.details.reason).toBe('No headless browser in unit tests');
  });

  it('is skipped when the render failed', () => {
    const page = makePage({ render: { status: 'failed', reason: 'Render failed: crash' } });
    expect(runCheck(page, renderedTitle).details.reason).toBe('Render failed: crash');
  });
});

describe('rendered-title fix', () => {
  it('serves the title script sets, escaped', () => {
    const finding = runCheck(compare('', '<title>Oak &amp; ash</title>'), renderedTitle);
    expect(finding.details.fixSnippet).toBe('<title>Oak &amp; ash</title>');
  });

  it('keeps the title script removes', () => {
    const finding = runCheck(compare('<title>Oak tables</title>', ''), renderedTitle);
    expect(finding.howToFix).toBe(
      'Keep <title>Oak tables</title> in the page: stop the script that removes the title.',
    );
  });

  it('gives no fix when the title is the same', () => {
    const finding = runCheck(compare('<title>Oak</title>', '<title>Oak</title>'), renderedTitle);
    expect(finding.howToFix).toBeNull();
  });
});
