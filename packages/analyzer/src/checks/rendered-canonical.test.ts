import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedCanonical } from './rendered-canonical.ts';
import { runCheck } from './run-checks.ts';

const doc = (head: string) => `<html><head>${head}</head><body></body></html>`;
const link = (href: string) => `<link rel="canonical" href="${href}">`;
const check = (server: string, after: string) =>
  runCheck(
    makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } }),
    renderedCanonical,
  );

describe('rendered-canonical', () => {
  it('passes when the canonical is the same (relative and absolute resolve alike)', () => {
    const finding = check(link('/page'), link('https://example.com/page'));
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({
      server: ['https://example.com/page'],
      rendered: ['https://example.com/page'],
    });
  });

  it('passes a page without canonical on either side', () => {
    expect(check('', '').message).toBe('No canonical link, with or without JavaScript');
  });

  it('is critical when script swaps the canonical, with both values', () => {
    const finding = check(link('/page'), link('/other'));
    expect(finding.severity).toBe('critical');
    expect(finding.message).toBe('JavaScript changes the canonical URL');
    expect(finding.details).toMatchObject({
      server: ['https://example.com/page'],
      rendered: ['https://example.com/other'],
      addedByScript: ['https://example.com/other'],
      removedByScript: ['https://example.com/page'],
    });
  });

  it('is critical when script adds a second, conflicting canonical', () => {
    expect(check(link('/page'), link('/page') + link('/other')).severity).toBe('critical');
  });

  it('is critical when script removes the canonical', () => {
    const finding = check(link('/page'), '');
    expect(finding.severity).toBe('critical');
    expect(finding.message).toBe('JavaScript removes the canonical URL');
  });

  it('warns when only script sets the canonical', () => {
    const finding = check('', link('/page'));
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('The canonical URL is only set by JavaScript');
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedCanonical).details.reason).toEqual(expect.any(String));
  });
});

describe('rendered-canonical fix', () => {
  it('serves the canonical script adds', () => {
    const finding = check('', link('/page'));
    expect(finding.details.fixSnippet).toBe(
      '<link rel="canonical" href="https://example.com/page">',
    );
    expect(finding.howToFix).toBe(
      `Serve <link rel="canonical" href="https://example.com/page"> in the server HTML's <head> and drop the script that adds it.`,
    );
  });

  it('keeps the canonical script removes', () => {
    expect(check(link('/page'), '').howToFix).toBe(
      'Keep <link rel="canonical" href="https://example.com/page"> in the page: stop the script that removes it.',
    );
  });

  it('names the canonical script changes to', () => {
    const finding = check(link('/a'), link('/b'));
    expect(finding.details.fixSnippet).toBe('<link rel="canonical" href="https://example.com/b">');
    expect(finding.howToFix).toMatch(/^Serve one canonical in the server HTML — <link/);
  });
});
