import { elementsByTag } from '../page/dom.ts';
import type { CheckOf, OutcomeOf } from './check.ts';

/**
 * `js-rendering` (crawlability): does the server HTML already carry the content, or does it only
 * appear after script runs? Both word counts come from the same visible-text extraction, so they
 * compare. Content that exists only after script (server < 50% of rendered, and ≥ 50 words
 * missing) is critical: crawlers that do not run script see an empty page, and Google indexes
 * it late. Between 50% and 80% with ≥ 50 words missing is a warning. Below the 50-word floor
 * (a small page, or one whose script adds little) a page whose text is mostly from script (at
 * least SMALL_PAGE_MIN_WORDS words rendered, the server HTML under half of them) is a warning
 * that says so: the floor keeps a cookie banner or a date from being critical, not from being
 * named. A page with no visible text in either view has nothing to compare (not applicable; the
 * word-count check judges that).
 *
 * When no browser rendered the page the check is a skipped success, not a warning: a missing
 * browser on our side says nothing about the page. One exception: when the server HTML has
 * almost no text but loads scripts, it is a skipped warning that names the suspicion, since that
 * is the typical client-rendered app shell. Skipped findings cost no points either way.
 */

export const CRITICAL_RATIO = 0.5;
export const WARNING_RATIO = 0.8;
export const MIN_MISSING_WORDS = 50;
/** Fewer server words than this, with scripts present, looks like an app shell. */
export const SHELL_MAX_WORDS = 50;
export const MISSING_SAMPLE_WORDS = 30;
/** Below the 50-word floor, this many rendered words make a mostly-script page worth naming. */
export const SMALL_PAGE_MIN_WORDS = 10;

/**
 * Words of the rendered text that the server text lacks, in rendered order: a multiset
 * difference (case-insensitive), so repeated words count as often as they are missing.
 */
export function missingWords(serverWords: string[], renderedWords: string[]): string[] {
  const available = new Map<string, number>();
  for (const word of serverWords) {
    const key = word.toLowerCase();
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  const missing: string[] = [];
  for (const word of renderedWords) {
    const key = word.toLowerCase();
    const left = available.get(key) ?? 0;
    if (left > 0) available.set(key, left - 1);
    else missing.push(word);
  }
  return missing;
}

export const jsRendering: CheckOf<'js-rendering'> = {
  meta: {
    id: 'js-rendering',
    title: 'Content without JavaScript',
    why: 'Crawlers read the HTML the server sends; many never run JavaScript and Google runs it later, if at all. Render the main content on the server (server-side rendering or prerendering) so it is in the HTML.',
    howToFix:
      'Render the main content on the server (server-side rendering or prerendering) so it is in the HTML the server sends.',
  },
  run(page): OutcomeOf<'js-rendering'> {
    const render = page.artifacts.render;
    const server = page.serverText;
    const rendered = page.renderedText;

    if (rendered === null) {
      const reason =
        render.reason ??
        (render.status === 'rendered' ? 'The render returned no HTML' : `Render ${render.status}`);
      const scripts = elementsByTag(page.document, 'script').length;
      const details = {
        serverWords: server.wordCount,
        renderedWords: null,
        scripts,
      };
      if (server.wordCount < SHELL_MAX_WORDS && scripts > 0) {
        return {
          severity: 'warning',
          outcome: 'skipped',
          message: 'The page may need JavaScript to show its content',
          why: `The JavaScript check was skipped (${reason}), but the server HTML holds only ${server.wordCount} visible words and loads ${scripts} script${scripts === 1 ? '' : 's'}, which is how client-rendered apps look. If the content appears only after script runs, render it on the server.`,
          details,
        };
      }
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'JavaScript rendering check skipped',
        why: `The page could not be rendered in a browser (${reason}), so the JavaScript check was skipped. The other checks read the server HTML, as crawlers do.`,
        details,
      };
    }

    const serverWords = server.wordCount;
    const renderedWords = rendered.wordCount;
    const missing = missingWords(server.words, rendered.words);
    const difference = renderedWords - serverWords;
    const details = {
      serverWords,
      renderedWords,
      ratio: renderedWords === 0 ? 1 : Math.round((serverWords / renderedWords) * 100) / 100,
      missingWords: missing.length,
      missingSample: missing.slice(0, MISSING_SAMPLE_WORDS).join(' '),
    };
    const percent = Math.round(details.ratio * 100);

    if (serverWords === 0 && renderedWords === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No visible text, with or without JavaScript',
        why: 'Neither the server HTML nor the page after script runs shows any text, so there is no content whose source could be compared. A page without text gives search engines nothing to rank (see the word count).',
        details,
      };
    }
    if (difference >= MIN_MISSING_WORDS && serverWords < renderedWords * CRITICAL_RATIO) {
      return {
        severity: 'critical',
        message: 'Most of the content only appears with JavaScript',
        why: `The server HTML has ${serverWords} visible words, the page after script runs ${renderedWords} (only ${percent}% without JavaScript). Crawlers that do not run script miss that content; render it on the server or prerender the page.`,
        details,
      };
    }
    if (difference >= MIN_MISSING_WORDS && serverWords < renderedWords * WARNING_RATIO) {
      return {
        severity: 'warning',
        message: 'Some content only appears with JavaScript',
        why: `The server HTML has ${serverWords} visible words, the page after script runs ${renderedWords} (${percent}% without JavaScript). Crawlers that do not run script miss the rest; render it on the server.`,
        details,
      };
    }
    if (
      difference < MIN_MISSING_WORDS &&
      renderedWords >= SMALL_PAGE_MIN_WORDS &&
      serverWords < renderedWords * CRITICAL_RATIO
    ) {
      return {
        severity: 'warning',
        message: 'This page’s text comes from JavaScript',
        why: `The server HTML has ${serverWords} visible word${serverWords === 1 ? '' : 's'}, the page after script runs ${renderedWords} (${percent}% without JavaScript). That is under the ${MIN_MISSING_WORDS}-word floor for a critical finding, but crawlers that do not run script see almost nothing of it; render the text on the server.`,
        details,
      };
    }
    return {
      severity: 'success',
      message: 'The content is in the server HTML',
      details,
    };
  },
};
