import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { listPhrase } from './markup-helpers.ts';
import {
  directivesFix,
  type RobotsDirectiveSource,
  robotsDirectiveSources,
} from './robots-meta.ts';

/**
 * `snippet-directives` (metadata): the robots directives that decide how much of the page search
 * and AI answers may quote, from the same sources `robots-meta` reads (robots and googlebot meta
 * tags in the head, the X-Robots-Tag header, tags script adds). `nosnippet`, or `max-snippet:0`
 * which means the same, is a warning: Google then shows no text snippet and does not use the
 * page as a direct source for AI Overviews and AI Mode (Google Search Central, "Robots meta tag
 * specifications"), which is rarely meant for a whole page. A positive `max-snippet` limit and
 * the unofficial `noai` / `noimageai` are information: the owner's choice, and Google and Bing
 * do not read `noai` (robots.txt rules for training crawlers do that job, see `bot-access`).
 */

const MAX_SNIPPET = /^max-snippet\s*:\s*(-?\d+)$/;
const AI_DIRECTIVES = ['noai', 'noimageai'];

interface Found {
  directive: string;
  source: string;
}

function find(sources: readonly RobotsDirectiveSource[], wanted: (d: string) => boolean): Found[] {
  return sources.flatMap((s) =>
    s.directives.filter(wanted).map((directive) => ({ directive, source: s.source })),
  );
}

const where = (found: readonly Found[]) => listPhrase([...new Set(found.map((f) => f.source))]);

export const snippetDirectives: Check = {
  meta: {
    id: 'snippet-directives',
    title: 'Snippet and AI directives',
    why: 'Robots directives such as nosnippet and max-snippet decide how much of the page search results and AI answers (Google AI Overviews, Bing Copilot) may quote. Without them, search engines choose the snippet themselves.',
    howToFix:
      'Remove nosnippet and max-snippet:0 from the robots meta tag and the X-Robots-Tag header unless you really want no text snippet in results; use data-nosnippet on the passages you want kept out instead.',
    fixSnippet:
      'the robots meta tag or X-Robots-Tag header line to use instead, rewritten without nosnippet and max-snippet:0 and keeping its other directives; absent when the fix is to remove the tag or header.',
  },
  run(page): CheckOutcome {
    const sources = robotsDirectiveSources(
      page.document,
      page.artifacts.fetch.headers,
      page.renderedDocument,
    );
    const limits = find(sources, (d) => MAX_SNIPPET.test(d)).map((found) => ({
      ...found,
      limit: Number(MAX_SNIPPET.exec(found.directive)![1]),
    }));
    const nosnippet = [
      ...find(sources, (d) => d === 'nosnippet'),
      ...limits.filter((found) => found.limit === 0),
    ];
    const limited = limits.filter((found) => found.limit > 0);
    const ai = find(sources, (d) => AI_DIRECTIVES.includes(d));
    const details = {
      nosnippet: nosnippet.length > 0,
      maxSnippet: limited.length > 0 ? Math.min(...limited.map((found) => found.limit)) : null,
      aiDirectives: [...new Set(ai.map((found) => found.directive))],
      found: [...nosnippet, ...limited, ...ai].map(({ directive, source }) => ({
        directive,
        source,
      })),
    };

    if (nosnippet.length > 0) {
      const unwanted = [...new Set(nosnippet.map((f) => f.directive))];
      const offending = sources.filter((s) => s.directives.some((d) => unwanted.includes(d)));
      return withFix(
        {
          severity: 'warning',
          message: 'Search results may show no text snippet for this page',
          why: `${where(nosnippet)} says ${listPhrase([...new Set(nosnippet.map((f) => f.directive))])}, so Google shows the page without a text snippet and does not quote it in AI Overviews or AI Mode; Bing limits its use the same way. Remove it unless that is intended; to keep only part of the page out of snippets, mark that part with data-nosnippet.`,
          details,
        },
        directivesFix(offending, unwanted),
      );
    }
    if (limited.length > 0) {
      return {
        severity: 'success',
        message: `Snippets are limited to ${details.maxSnippet} characters`,
        why: `${where(limited)} sets max-snippet, so search results and AI answers quote at most ${details.maxSnippet} characters of the page. That is your choice; max-snippet:-1 lifts the limit.`,
        details,
      };
    }
    if (ai.length > 0) {
      return {
        severity: 'success',
        message: `The page asks AI systems not to use it (${details.aiDirectives.join(', ')})`,
        why: `${where(ai)} says ${listPhrase(details.aiDirectives)}. That is your choice, but these directives are not standard: Google and Bing ignore them. To keep content out of AI training, disallow the training crawlers (GPTBot, ClaudeBot, CCBot, Google-Extended, Applebot-Extended) in robots.txt.`,
        details,
      };
    }
    return {
      severity: 'success',
      message: 'No snippet restrictions',
      details,
    };
  },
};
