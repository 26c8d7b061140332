import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { runCheck } from './run-checks.ts';
import { snippetDirectives } from './snippet-directives.ts';

const withRobots = (content: string) =>
  `<html><head><meta name="robots" content="${content}"></head><body><p>Text</p></body></html>`;
const check = (...args: Parameters<typeof makePage>) =>
  runCheck(makePage(...args), snippetDirectives);

describe('snippet-directives', () => {
  it('passes a page without snippet directives', () => {
    const finding = check({ html: withRobots('index, follow') });
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('No snippet restrictions');
    expect(finding.details).toMatchObject({ nosnippet: false, maxSnippet: null, aiDirectives: [] });
  });

  it('warns about nosnippet and names where it comes from', () => {
    const finding = check({ html: withRobots('nosnippet') });
    expect(finding.severity).toBe('warning');
    expect(finding.why).toContain('<meta name="robots"> says nosnippet');
    expect(finding.why).toContain('AI Overviews');
    expect(finding.details.found).toEqual([
      { directive: 'nosnippet', source: '<meta name="robots">' },
    ]);
  });

  it('treats max-snippet:0 as nosnippet', () => {
    const finding = check({ html: withRobots('max-snippet:0') });
    expect(finding.severity).toBe('warning');
    expect(finding.details.nosnippet).toBe(true);
  });

  it('reads the X-Robots-Tag header', () => {
    const finding = check({ fetch: { headers: { 'x-robots-tag': 'nosnippet' } } });
    expect(finding.severity).toBe('warning');
    expect(finding.why).toContain('X-Robots-Tag header');
  });

  it('reads a directive that script adds', () => {
    const finding = check({
      html: '<html><head></head><body></body></html>',
      render: {
        status: 'rendered',
        html: withRobots('nosnippet'),
      },
    });
    expect(finding.severity).toBe('warning');
    expect(finding.why).toContain('added by JavaScript');
  });

  it('reports a positive max-snippet limit as information', () => {
    const finding = check({ html: withRobots('max-snippet:50, max-image-preview:large') });
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('Snippets are limited to 50 characters');
    expect(finding.details.maxSnippet).toBe(50);
  });

  it('ignores max-snippet:-1 (no limit)', () => {
    expect(check({ html: withRobots('max-snippet:-1') }).message).toBe('No snippet restrictions');
  });

  it('shows noai and noimageai as the owner’s choice, noting search engines ignore them', () => {
    const finding = check({ html: withRobots('noai, noimageai') });
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('The page asks AI systems not to use it (noai, noimageai)');
    expect(finding.why).toContain('Google and Bing ignore them');
  });
});

describe('snippet-directives fix', () => {
  it('rewrites the robots tag without nosnippet and max-snippet:0', () => {
    const finding = check({
      html: withRobots('index, nosnippet, max-snippet:0, max-image-preview:large'),
    });
    expect(finding.details.fixSnippet).toBe(
      '<meta name="robots" content="index, max-image-preview:large">',
    );
  });

  it('removes a tag that only says nosnippet', () => {
    expect(check({ html: withRobots('nosnippet') }).howToFix).toBe(
      'Remove <meta name="robots" content="nosnippet">.',
    );
  });

  it('gives no fix for a positive snippet limit', () => {
    expect(check({ html: withRobots('max-snippet:50') }).howToFix).toBeNull();
  });
});
