import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedMetaDescription } from './rendered-meta-description.ts';
import { runCheck } from './run-checks.ts';

const doc = (head: string) => `<html><head>${head}</head><body><p>Text</p></body></html>`;
const compare = (server: string, after: string) =>
  makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } });

describe('rendered-meta-description', () => {
  const meta = (text: string) => `<meta name="description" content="${text}">`;

  it('passes when script leaves the description alone', () => {
    const finding = runCheck(compare(meta('Tables'), meta('Tables')), renderedMetaDescription);
    expect(finding.severity).toBe('success');
  });

  it('warns when script changes it, with both values', () => {
    const finding = runCheck(compare(meta('Old'), meta('New')), renderedMetaDescription);
    expect(finding.message).toBe('JavaScript changes the meta description');
    expect(finding.details).toMatchObject({ server: 'Old', rendered: 'New' });
  });

  it('warns when only script sets it, or script removes it', () => {
    expect(runCheck(compare('', meta('New')), renderedMetaDescription).message).toBe(
      'The meta description only appears with JavaScript',
    );
    expect(runCheck(compare(meta('Old'), ''), renderedMetaDescription).message).toBe(
      'JavaScript removes the meta description',
    );
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedMetaDescription).details.reason).toEqual(
      expect.any(String),
    );
  });
});

describe('rendered-meta-description fix', () => {
  const meta = (text: string) => `<meta name="description" content="${text}">`;

  it('serves the description script sets or changes to', () => {
    const finding = runCheck(
      compare(meta('Old'), meta('New &quot;oak&quot;')),
      renderedMetaDescription,
    );
    expect(finding.details.fixSnippet).toBe(
      '<meta name="description" content="New &quot;oak&quot;">',
    );
  });

  it('keeps the description script removes', () => {
    const finding = runCheck(compare(meta('Old'), ''), renderedMetaDescription);
    expect(finding.howToFix).toBe(
      'Keep <meta name="description" content="Old"> in the page: stop the script that removes the meta description.',
    );
  });
});
