import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { RobotsArtifact } from '../types.ts';
import { robotsTxt } from './robots-txt.ts';

const run = (robots: Partial<RobotsArtifact>) => robotsTxt.run(makePage({ robots }));

describe('robots-txt check', () => {
  it('has stable meta', () => {
    expect(robotsTxt.meta).toMatchObject({ id: 'robots-txt' });
  });

  it('passes when robots.txt allows Googlebot', () => {
    expect(run({})).toEqual({
      severity: 'success',
      message: 'robots.txt allows Googlebot to crawl the page',
      details: {
        robotsUrl: 'https://example.com/robots.txt',
        status: 'ok',
        allowedForGooglebot: true,
      },
    });
  });

  it('passes when robots.txt is missing', () => {
    const outcome = run({ status: 'missing', allowedForGooglebot: true, detail: 'HTTP 404' });
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('No robots.txt, so every page may be crawled');
    expect(outcome.details).toMatchObject({ detail: 'HTTP 404' });
    expect(outcome.outcome).toBeUndefined();
  });

  it('is a skipped warning when robots.txt is unreachable', () => {
    const outcome = run({ status: 'unreachable', allowedForGooglebot: null, detail: 'HTTP 503' });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('robots.txt could not be read');
    expect(outcome.outcome).toBe('skipped');
    expect(outcome.why).toContain('(HTTP 503)');
    expect(outcome.details).not.toHaveProperty('skipped');
  });

  it('explains an unreachable robots.txt without a detail', () => {
    const outcome = run({ status: 'unreachable', allowedForGooglebot: null });
    expect(outcome.why).toContain('https://example.com/robots.txt failed.');
  });

  it('warns when robots.txt cannot be parsed', () => {
    const outcome = run({ status: 'unparsable', allowedForGooglebot: null, detail: 'HTML page' });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('robots.txt could not be understood');
    expect(outcome.why).toContain('(HTML page)');
    expect(outcome.outcome).toBeUndefined();
    expect(run({ status: 'unparsable', allowedForGooglebot: null }).why).not.toContain('(');
  });

  it('is critical when Googlebot is disallowed, naming the rule', () => {
    const outcome = run({ allowedForGooglebot: false, detail: 'Disallow: /' });
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('robots.txt blocks Googlebot from this page');
    expect(outcome.why).toContain('(rule: Disallow: /)');
    expect(run({ allowedForGooglebot: false }).why).not.toContain('rule:');
  });

  it('is a skipped success when robots.txt was read without a verdict', () => {
    const outcome = run({ allowedForGooglebot: null });
    expect(outcome.severity).toBe('success');
    expect(outcome.outcome).toBe('skipped');
    expect(outcome.details).not.toHaveProperty('skipped');
  });
});

describe('robots-txt fix', () => {
  it('names the Allow line for the page and the group to put it in', () => {
    const outcome = run({ allowedForGooglebot: false, detail: 'Disallow: /' });
    expect(outcome.howToFix).toBe(
      'In https://example.com/robots.txt, add "Allow: /page$" to the group that holds "Disallow: /", or remove that line if nothing it covers needs hiding. The rule allows this address only.',
    );
    expect(outcome.details?.fixSnippet).toBe(
      '# In the group that holds "Disallow: /", the group Googlebot obeys:\nAllow: /page$',
    );
  });

  it('writes a Googlebot group when the blocking line is unknown', () => {
    expect(run({ allowedForGooglebot: false }).details?.fixSnippet).toBe(
      'User-agent: Googlebot\nAllow: /page$',
    );
  });

  it('gives no fix when Googlebot is allowed', () => {
    expect(run({}).howToFix).toBeUndefined();
  });
});
