import type { BotKind, BotVerdict } from '../types.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { listPhrase } from './markup-helpers.ts';
import { robotsAllowFix } from './robots-fix.ts';

/**
 * `bot-access` (crawlability): which search and AI crawlers robots.txt lets fetch this page, from
 * the one robots.txt the analysis already read (gather/bots.ts judges each crawler's group).
 * A search crawler blocked is critical: the page cannot appear in that engine's results (for
 * Googlebot `robots-txt` says so too; the category cap keeps the two from costing more than the
 * page's crawlability). ChatGPT-User blocked is a warning: ChatGPT cannot open the page when a
 * user asks about it. Training crawlers blocked are information, never a penalty: keeping
 * content out of model training is the owner's choice, and the finding says so.
 */

const SEARCH_ENGINES: Record<string, string> = {
  Googlebot: 'Google Search',
  Bingbot: 'Bing (and the engines built on its index)',
  'OAI-SearchBot': 'ChatGPT search',
  PerplexityBot: 'Perplexity',
};

const names = (bots: readonly BotVerdict[]) => listPhrase(bots.map((entry) => entry.bot));

export const botAccess: CheckOf<'bot-access'> = {
  meta: {
    id: 'bot-access',
    title: 'Search and AI crawler access',
    why: 'robots.txt decides which crawlers may fetch the page. Search crawlers (Googlebot, Bingbot, OAI-SearchBot, PerplexityBot) need access for the page to appear in their results; blocking AI training crawlers (GPTBot, ClaudeBot, CCBot, Google-Extended, Applebot-Extended) is a choice that does not affect search.',
    howToFix:
      'Remove the Disallow rules that keep search crawlers (Googlebot, Bingbot, OAI-SearchBot, PerplexityBot) from this page in robots.txt, or add an Allow rule for the page in their group.',
    fixSnippet:
      'the robots.txt lines to add: "Allow: <page path>$" for each blocking rule, to put in the group that holds it (named by its line), or a User-agent group of its own for a crawler whose deciding line is unknown.',
  },
  run(page): OutcomeOf<'bot-access'> {
    const robots = page.artifacts.robots;
    const bots = robots.bots ?? [];
    const blocked = (kind: BotKind) =>
      bots.filter((entry) => entry.kind === kind && entry.allowed === false);
    const search = blocked('search');
    const assistants = blocked('assistant');
    const training = blocked('training');
    const details = {
      robotsUrl: robots.url,
      bots,
      blockedSearch: search.map((entry) => entry.bot),
      blockedAssistants: assistants.map((entry) => entry.bot),
      blockedTraining: training.map((entry) => entry.bot),
    };

    if (bots.length === 0 || bots.every((entry) => entry.allowed === null)) {
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'Crawler access not checked',
        why: `robots.txt could not be read${robots.detail ? ` (${robots.detail})` : ''}, so which crawlers may fetch the page is unknown.`,
        details: { ...details, reason: 'robots.txt could not be read' },
      };
    }
    const trainingNote =
      training.length > 0
        ? ` robots.txt also keeps ${names(training)} (AI training) out, which is your choice and costs nothing.`
        : '';
    if (search.length > 0) {
      const engines = listPhrase(search.map((entry) => SEARCH_ENGINES[entry.bot] ?? entry.bot));
      return withFix(
        {
          severity: 'critical',
          message: `robots.txt blocks ${names(search)} from this page`,
          why: `${robots.url} disallows this address for ${names(search)}, so the page cannot appear in ${engines}. Remove or narrow the Disallow rule for ${search.length === 1 ? 'that crawler' : 'those crawlers'} unless you mean to stay out.${trainingNote}`,
          details,
        },
        robotsAllowFix(robots.url, page.url, search),
      );
    }
    if (assistants.length > 0) {
      return withFix(
        {
          severity: 'warning',
          message: `robots.txt blocks ${names(assistants)} from this page`,
          why: `${names(assistants)} fetches a page when a ChatGPT user asks about it or shares its link; blocked, ChatGPT cannot read or quote the page for them. Search crawlers may fetch it.${trainingNote}`,
          details,
        },
        robotsAllowFix(robots.url, page.url, assistants),
      );
    }
    if (training.length > 0) {
      return {
        severity: 'success',
        message: `Search crawlers may fetch the page; AI training crawlers are blocked (${names(training)})`,
        why: `Every search crawler may fetch the page. robots.txt keeps ${names(training)} out, so the page is not collected for AI model training. That is the owner's choice, not a search problem, and it costs no points.`,
        details,
      };
    }
    return {
      severity: 'success',
      message: 'Search and AI crawlers may all fetch the page',
      why: 'robots.txt lets every search crawler, ChatGPT-User and the AI training crawlers fetch the page. To keep the content out of AI training, disallow GPTBot, ClaudeBot, CCBot, Google-Extended and Applebot-Extended; search is not affected.',
      details,
    };
  },
};
