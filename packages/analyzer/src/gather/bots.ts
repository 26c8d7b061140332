import type { BotKind, BotVerdict } from '../types.ts';
import type { RobotsFile } from './robots.ts';

/**
 * The crawlers `bot-access` reports, by robots.txt product token, and what their visits are
 * for (each operator's own documentation):
 * - search: they build a search index that sends visitors — Googlebot, Bingbot, OAI-SearchBot
 *   (ChatGPT search), PerplexityBot (Perplexity's index).
 * - assistant: ChatGPT-User fetches a page when a ChatGPT user asks about it; not a crawl.
 * - training: collection for model training — GPTBot, ClaudeBot, CCBot (Common Crawl, a common
 *   training set) — and the control tokens Google-Extended and Applebot-Extended, which no
 *   crawler sends but which Google and Apple read from robots.txt to decide whether content
 *   fetched by Googlebot/Applebot may train their models.
 */
export const BOTS: ReadonlyArray<{ bot: string; kind: BotKind }> = [
  { bot: 'Googlebot', kind: 'search' },
  { bot: 'Bingbot', kind: 'search' },
  { bot: 'OAI-SearchBot', kind: 'search' },
  { bot: 'PerplexityBot', kind: 'search' },
  { bot: 'ChatGPT-User', kind: 'assistant' },
  { bot: 'GPTBot', kind: 'training' },
  { bot: 'ClaudeBot', kind: 'training' },
  { bot: 'Google-Extended', kind: 'training' },
  { bot: 'Applebot-Extended', kind: 'training' },
  { bot: 'CCBot', kind: 'training' },
];

/**
 * Each crawler's verdict for the page from the one robots.txt already read: its own group when
 * the file has one, else the `*` group (robots-parser matches the token case-insensitively). A
 * missing or unparsable file allows everyone; an unreachable one gives no verdict.
 */
export function botVerdicts(file: RobotsFile, pageUrl: string): BotVerdict[] {
  if (file.kind === 'verdict') {
    const allowed = file.artifact.status === 'unreachable' ? null : true;
    return BOTS.map(({ bot, kind }) => ({ bot, kind, allowed }));
  }
  const target = new URL(pageUrl);
  target.hash = '';
  let lines: string[] | undefined;
  return BOTS.map(({ bot, kind }) => {
    const allowed = file.rules.isAllowed(target.href, bot) ?? true;
    const line = file.rules.getMatchingLineNumber(target.href, bot);
    if (line <= 0) return { bot, kind, allowed };
    lines ??= file.text.split(/\r\n|\r|\n/);
    const rule = lines[line - 1]?.trim();
    return rule ? { bot, kind, allowed, rule: `${rule} (line ${line})` } : { bot, kind, allowed };
  });
}
