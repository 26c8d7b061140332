import type { Check, CheckOutcome } from './check.ts';
import { plural } from './markup-helpers.ts';

/**
 * `word-count` (content): visible words of the main content in the server HTML (page.serverText
 * already skips nav, header, footer, aside, script, style, template, noscript and hidden
 * elements). 0 is critical, under 300 is a warning (thin content), otherwise success. The
 * rendered count is reported alongside; a page whose words only appear after script is still
 * critical here, because crawlers index the server HTML first (js-rendering explains the gap).
 */

const THIN_CONTENT_WORDS = 300;

export const wordCount: Check = {
  meta: {
    id: 'word-count',
    title: 'Word count',
    why: `Search engines rank pages on what they say. Pages with fewer than ${THIN_CONTENT_WORDS} words of main content are often treated as thin and rarely rank; write enough to answer the visitor's question fully.`,
    howToFix: `Write at least ${THIN_CONTENT_WORDS} words of main content that answer the visitor's question fully.`,
  },
  run(page): CheckOutcome {
    const count = page.serverText.wordCount;
    const renderedCount = page.renderedText?.wordCount ?? null;
    const details = { count, renderedCount };

    if (count === 0) {
      const rendered = renderedCount !== null && renderedCount > 0;
      return {
        severity: 'critical',
        message: 'No visible text in the page HTML',
        why: rendered
          ? `The server HTML has no main-content text; the ${plural(renderedCount, 'word')} appear only after script runs, and crawlers index the HTML first (see the JavaScript rendering check). Render the main content on the server.`
          : 'The page has no visible main-content text (navigation, header, footer and hidden text do not count), so search engines have nothing to rank. Add text describing what the page offers.',
        details,
      };
    }
    if (count < THIN_CONTENT_WORDS) {
      return {
        severity: 'warning',
        message: `Thin content (${plural(count, 'word')})`,
        why: `The main content has ${plural(count, 'word')}; pages under ${THIN_CONTENT_WORDS} words are often seen as thin and rank poorly. Expand it with useful detail for the visitor, not filler.`,
        details,
      };
    }
    return { severity: 'success', message: `${count} words of content`, details };
  },
};
