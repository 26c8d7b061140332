import { describe, expect, it } from 'vitest';
import { botVerdicts } from '../gather/bots.ts';
import { parseRobotsFile } from '../gather/robots.ts';
import { makePage } from '../page/test-artifacts.ts';
import { botAccess } from './bot-access.ts';
import { runCheck } from './run-checks.ts';

const PAGE = 'https://example.com/page';

/** The finding for a page under this robots.txt, judged the way the gatherer does. */
const judge = (robotsTxt: string) => {
  const file = parseRobotsFile('https://example.com/robots.txt', Buffer.from(robotsTxt));
  return runCheck(makePage({ robots: { bots: botVerdicts(file, PAGE) } }), botAccess);
};

describe('bot-access', () => {
  it('passes when every crawler may fetch the page', () => {
    const finding = judge('User-agent: *\nAllow: /\n');
    expect(finding.severity).toBe('success');
    expect(finding.message).toBe('Search and AI crawlers may all fetch the page');
    expect(finding.details.bots).toHaveLength(10);
  });

  it('is critical when a search crawler is blocked, naming it and its engine', () => {
    const finding = judge('User-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(finding.severity).toBe('critical');
    expect(finding.message).toBe('robots.txt blocks Bingbot from this page');
    expect(finding.why).toContain('Bing');
    expect(finding.details).toMatchObject({ blockedSearch: ['Bingbot'], blockedTraining: [] });
  });

  it('is critical for Googlebot too (robots-txt reports it as well)', () => {
    const finding = judge('User-agent: *\nDisallow: /page\n');
    expect(finding.severity).toBe('critical');
    expect(finding.details.blockedSearch).toEqual([
      'Googlebot',
      'Bingbot',
      'OAI-SearchBot',
      'PerplexityBot',
    ]);
    expect(finding.details.blockedTraining).toEqual([
      'GPTBot',
      'ClaudeBot',
      'Google-Extended',
      'Applebot-Extended',
      'CCBot',
    ]);
  });

  it('warns when ChatGPT-User is blocked', () => {
    const finding = judge('User-agent: ChatGPT-User\nDisallow: /\n');
    expect(finding.severity).toBe('warning');
    expect(finding.details.blockedAssistants).toEqual(['ChatGPT-User']);
  });

  it('shows blocked training crawlers as the owner’s choice, without a penalty', () => {
    const finding = judge(
      'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nUser-agent: Google-Extended\nDisallow: /\n',
    );
    expect(finding.severity).toBe('success');
    expect(finding.message).toContain('AI training crawlers are blocked (GPTBot, ClaudeBot');
    expect(finding.why).toContain("owner's choice");
    expect(finding.details.blockedTraining).toEqual([
      'GPTBot',
      'ClaudeBot',
      'Google-Extended',
      'CCBot',
    ]);
  });

  it('mentions blocked training crawlers beside a search block', () => {
    const finding = judge('User-agent: PerplexityBot\nUser-agent: GPTBot\nDisallow: /\n');
    expect(finding.severity).toBe('critical');
    expect(finding.why).toContain('keeps GPTBot (AI training) out');
  });

  it('is skipped when robots.txt could not be read', () => {
    const page = makePage({
      robots: {
        status: 'unreachable',
        allowedForGooglebot: null,
        detail: 'robots.txt answered HTTP 503.',
        bots: botVerdicts(
          {
            kind: 'verdict',
            artifact: { url: '', status: 'unreachable', allowedForGooglebot: null },
          },
          PAGE,
        ),
      },
    });
    const finding = runCheck(page, botAccess);
    expect(finding.severity).toBe('success');
    expect(finding.details.reason).toBe('robots.txt could not be read');
    expect(finding.why).toContain('HTTP 503');
  });

  it('is skipped when the artifact carries no verdicts', () => {
    expect(runCheck(makePage(), botAccess).details.reason).toEqual(expect.any(String));
  });
});

describe('bot-access fix', () => {
  it('adds an Allow line for the page to the group that blocks a search crawler', () => {
    const finding = judge('User-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(finding.details.fixSnippet).toBe(
      '# In the group that holds "Disallow: /" (line 2), the group Bingbot obeys:\nAllow: /page$',
    );
    expect(finding.howToFix).toBe(
      'In https://example.com/robots.txt, add "Allow: /page$" to the group that holds "Disallow: /" (line 2), or remove that line if nothing it covers needs hiding. The rule allows this address only.',
    );
  });

  it('names every crawler a shared rule blocks, once', () => {
    const finding = judge('User-agent: *\nDisallow: /pa\n');
    expect(finding.details.fixSnippet).toBe(
      '# In the group that holds "Disallow: /pa" (line 2), the group Googlebot, Bingbot, OAI-SearchBot and PerplexityBot obey:\nAllow: /page$',
    );
  });

  it('writes a group of its own for a crawler whose blocking line is unknown', () => {
    const finding = runCheck(
      makePage({ robots: { bots: [{ bot: 'Googlebot', kind: 'search', allowed: false }] } }),
      botAccess,
    );
    expect(finding.details.fixSnippet).toBe('User-agent: Googlebot\nAllow: /page$');
  });

  it('unblocks ChatGPT-User the same way', () => {
    const finding = judge('User-agent: ChatGPT-User\nDisallow: /\n');
    expect(finding.severity).toBe('warning');
    expect(finding.details.fixSnippet).toBe(
      '# In the group that holds "Disallow: /" (line 2), the group ChatGPT-User obeys:\nAllow: /page$',
    );
  });

  it('gives no fix when only training crawlers are blocked', () => {
    const finding = judge('User-agent: GPTBot\nDisallow: /\n');
    expect(finding.howToFix).toBeNull();
    expect(finding.details.fixSnippet).toBeUndefined();
  });
});
