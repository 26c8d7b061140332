import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedHreflang } from './rendered-hreflang.ts';
import { runCheck } from './run-checks.ts';

const doc = (head: string) => `<html><head>${head}</head><body></body></html>`;
const alt = (lang: string, href: string) =>
  `<link rel="alternate" hreflang="${lang}" href="${href}">`;
const check = (server: string, after: string) =>
  runCheck(
    makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } }),
    renderedHreflang,
  );

describe('rendered-hreflang', () => {
  it('passes when the alternates are the same', () => {
    const set = alt('en', '/en') + alt('de', '/de');
    const finding = check(set, set);
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({
      server: ['en https://example.com/en', 'de https://example.com/de'],
    });
  });

  it('passes a page without alternates on either side', () => {
    expect(check('', '').message).toBe('No hreflang alternates, with or without JavaScript');
  });

  it('warns when script adds and removes alternates, naming them', () => {
    const finding = check(alt('en', '/en'), alt('de', '/de'));
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe(
      'JavaScript changes the hreflang alternates (adds 1 alternate, removes 1 alternate)',
    );
    expect(finding.details).toMatchObject({
      addedByScript: ['de https://example.com/de'],
      removedByScript: ['en https://example.com/en'],
    });
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedHreflang).details.reason).toEqual(expect.any(String));
  });
});
