import type { BotVerdict } from '../types.ts';
import type { Fix } from './fix-snippets.ts';
import { listPhrase } from './markup-helpers.ts';

/**
 * The robots.txt lines that let blocked crawlers fetch this page (`bot-access`, `robots-txt`):
 * an `Allow:` rule for the page's own path, ending in `$` so it opens this address only, to be
 * added to the group that holds the rule blocking them. Google and Bing apply the most specific
 * (longest) matching rule, so the page's full path outranks the shorter Disallow. Adding a new
 * `User-agent:` group instead would be wrong when the crawler is blocked through `*`: a crawler
 * obeys only its most specific group, so it would lose every other rule of `*`. A crawler whose
 * deciding line is unknown gets a group of its own.
 */

/** The page's path and query as a robots.txt rule; `*` and `$` are escaped the only way robots allows. */
function allowRule(pageUrl: URL): string {
  const path = `${pageUrl.pathname}${pageUrl.search}`.replace(/\*/g, '%2A').replace(/\$/g, '%24');
  return `Allow: ${path}$`;
}

/** The deciding line without its " (line N)" suffix, and that number. */
function ruleParts(rule: string): { text: string; line: number | null } {
  const match = /^(.*) \(line (\d+)\)$/.exec(rule);
  return match ? { text: match[1]!, line: Number(match[2]) } : { text: rule, line: null };
}

export function robotsAllowFix(
  robotsUrl: string,
  pageUrl: URL,
  blocked: readonly BotVerdict[],
): Fix | null {
  if (blocked.length === 0) return null;
  const allow = allowRule(pageUrl);
  const byRule = new Map<string, string[]>();
  for (const verdict of blocked) {
    const key = verdict.rule ?? '';
    byRule.set(key, [...(byRule.get(key) ?? []), verdict.bot]);
  }
  const blocks: string[] = [];
  const steps: string[] = [];
  for (const [rule, bots] of byRule) {
    if (rule === '') {
      blocks.push(`${bots.map((bot) => `User-agent: ${bot}`).join('\n')}\n${allow}`);
      steps.push(`add a group for ${listPhrase(bots)} with "${allow}"`);
      continue;
    }
    const { text, line } = ruleParts(rule);
    const where = `the group that holds "${text}"${line === null ? '' : ` (line ${line})`}`;
    blocks.push(
      `# In ${where}, the group ${listPhrase(bots)} ${bots.length === 1 ? 'obeys' : 'obey'}:\n${allow}`,
    );
    steps.push(`add "${allow}" to ${where}, or remove that line if nothing it covers needs hiding`);
  }
  return {
    howToFix: `In ${robotsUrl}, ${steps.join('; ')}. The rule allows this address only.`,
    fixSnippet: blocks.join('\n\n'),
  };
}
