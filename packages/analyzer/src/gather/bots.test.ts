import { describe, expect, it } from 'vitest';
import { BOTS, botVerdicts } from './bots.ts';
import { parseRobotsFile, type RobotsFile } from './robots.ts';

const ROBOTS_URL = 'https://site.test/robots.txt';
const file = (text: string) => parseRobotsFile(ROBOTS_URL, Buffer.from(text));
const verdictOf = (robots: RobotsFile, bot: string, page = 'https://site.test/blog/post') =>
  botVerdicts(robots, page).find((entry) => entry.bot === bot);

describe('botVerdicts', () => {
  it('judges every crawler of the list, in its order, with its kind', () => {
    const verdicts = botVerdicts(file('User-agent: *\nAllow: /\n'), 'https://site.test/');
    expect(verdicts.map(({ bot, kind }) => ({ bot, kind }))).toEqual(BOTS);
    expect(verdicts.every((entry) => entry.allowed === true)).toBe(true);
  });

  it("uses a crawler's own group (any case) and names the deciding line", () => {
    const robots = file('User-agent: *\nAllow: /\n\nUser-agent: gptbot\nDisallow: /\n');
    expect(verdictOf(robots, 'GPTBot')).toEqual({
      bot: 'GPTBot',
      kind: 'training',
      allowed: false,
      rule: 'Disallow: / (line 5)',
    });
    expect(verdictOf(robots, 'ClaudeBot')).toMatchObject({ allowed: true });
  });

  it('falls back to the * group for crawlers without their own', () => {
    const robots = file('User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /blog/\n');
    expect(verdictOf(robots, 'Googlebot')).toMatchObject({ allowed: true });
    expect(verdictOf(robots, 'Bingbot')).toMatchObject({
      allowed: false,
      rule: 'Disallow: /blog/ (line 5)',
    });
  });

  it('reads control tokens such as Google-Extended like any group', () => {
    const robots = file(
      'User-agent: Google-Extended\nUser-agent: Applebot-Extended\nDisallow: /\n',
    );
    expect(verdictOf(robots, 'Google-Extended')).toMatchObject({ allowed: false });
    expect(verdictOf(robots, 'Applebot-Extended')).toMatchObject({ allowed: false });
    expect(verdictOf(robots, 'Googlebot')).toMatchObject({ allowed: true });
  });

  it('allows everyone when robots.txt is missing or unparsable', () => {
    const missing: RobotsFile = {
      kind: 'verdict',
      artifact: { url: ROBOTS_URL, status: 'missing', allowedForGooglebot: true },
    };
    expect(botVerdicts(missing, 'https://site.test/').every((v) => v.allowed === true)).toBe(true);
    const html = file('<!doctype html><html><body>Not found</body></html>');
    expect(botVerdicts(html, 'https://site.test/').every((v) => v.allowed === true)).toBe(true);
  });

  it('gives no verdict when robots.txt could not be read', () => {
    const unreachable: RobotsFile = {
      kind: 'verdict',
      artifact: { url: ROBOTS_URL, status: 'unreachable', allowedForGooglebot: null },
    };
    expect(botVerdicts(unreachable, 'https://site.test/').every((v) => v.allowed === null)).toBe(
      true,
    );
  });
});
