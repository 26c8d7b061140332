import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { renderedLinks } from './rendered-links.ts';
import { runCheck } from './run-checks.ts';

const doc = (body: string) => `<html><head></head><body>${body}</body></html>`;
const links = (...hrefs: string[]) => hrefs.map((href) => `<a href="${href}">Go</a>`).join('');
const check = (server: string, after: string) =>
  runCheck(
    makePage({ html: doc(server), render: { status: 'rendered', html: doc(after) } }),
    renderedLinks,
  );

describe('rendered-links', () => {
  it('passes when every internal link is in the server HTML', () => {
    const finding = check(links('/a', '/b#top'), links('/a', 'https://example.com/b'));
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('Every internal link is in the server HTML');
    expect(finding.details).toMatchObject({ serverLinks: 2, scriptOnly: 0 });
  });

  it('warns when script adds internal links, listing them', () => {
    const finding = check(links('/a'), links('/a', '/b', '/c', '/d'));
    expect(finding.severity).toBe('warning');
    expect(finding.message).toBe('3 internal links only appear with JavaScript');
    expect(finding.details).toMatchObject({
      serverLinks: 1,
      renderedLinks: 4,
      scriptOnly: 3,
      scriptOnlySample: ['https://example.com/b', 'https://example.com/c', 'https://example.com/d'],
    });
  });

  it('lists one or two script links as information', () => {
    const finding = check(links('/a'), links('/a', '/account'));
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('1 internal link only appears with JavaScript');
  });

  it('ignores external, mailto and javascript: links, and counts links script removes', () => {
    const finding = check(
      links('/a', '/old'),
      links(
        '/a',
        'https://other.test/x',
        'mailto:a@b.c',
        'javascript:void(0)',
        'https://cdn.other.test/',
      ),
    );
    expect(finding.severity).toBe('success');
    expect(finding.details).toMatchObject({ scriptOnly: 0, removedByScript: 1 });
  });

  it('is skipped without a render', () => {
    expect(runCheck(makePage(), renderedLinks).details.reason).toEqual(expect.any(String));
  });
});
