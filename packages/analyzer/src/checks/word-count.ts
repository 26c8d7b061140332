import type { CheckOf, OutcomeOf } from './check.ts';
import { plural } from './markup-helpers.ts';

/**
 * `word-count` (content): visible words of the main content in the server HTML (page.serverText
 * already skips nav, header, footer, aside, script, style, template, noscript and hidden
 * elements). 0 is critical, under 300 is a warning (thin content), otherwise success. The
 * rendered count is reported alongside; a page whose words only appear after script is still
 * critical here, because crawlers index the server HTML first (js-rendering explains the gap).
 * When script writes the missing words, the fix is to render them on the server, not to write
 * more (issue 27).
 */

const THIN_CONTENT_WORDS = 300;

export const wordCount: CheckOf<'word-count'> = {
  meta: {
    id: 'word-count',
    title: 'Word count',
    why: `Search engines rank pages on what they say. Pages with fewer than ${THIN_CONTENT_WORDS} words of main content are often treated as thin and rarely rank; write enough to answer the visitor's question fully.`,
    howToFix: `Write at least ${THIN_CONTENT_WORDS} words of main content that answer the visitor's question fully.`,
  },
  run(page): OutcomeOf<'word-count'> {
    const count = page.serverText.wordCount;
    const renderedCount = page.renderedText?.wordCount ?? null;
    const details = { count, renderedCount };
    // Script writes the words the HTML lacks: the fix is where they are written, not how many.
    const renderOnServer =
      renderedCount !== null && renderedCount > count && renderedCount >= THIN_CONTENT_WORDS
        ? {
            howToFix: `Render the main content on the server: after JavaScript the page has ${plural(renderedCount, 'word')}, but the HTML that crawlers read first has ${plural(count, 'word')}.`,
          }
        : {};

    if (count === 0) {
      const rendered = renderedCount !== null && renderedCount > 0;
      return {
        severity: 'critical',
        message: 'No visible text in the page HTML',
        why: rendered
          ? `The server HTML has no main-content text; the ${plural(renderedCount, 'word')} appear only after script runs, and crawlers index the HTML first (see the JavaScript rendering check). Render the main content on the server.`
          : 'The page has no visible main-content text (navigation, header, footer and hidden text do not count), so search engines have nothing to rank. Add text describing what the page offers.',
        details,
        ...renderOnServer,
      };
    }
    if (count < THIN_CONTENT_WORDS) {
      return {
        severity: 'warning',
        message: `Thin content (${plural(count, 'word')})`,
        why:
          'howToFix' in renderOnServer
            ? `The server HTML has ${plural(count, 'word')} of main content; the rest of the ${plural(renderedCount ?? 0, 'word')} appear only after script runs, and crawlers index the HTML first (see the JavaScript rendering check).`
            : `The main content has ${plural(count, 'word')}; pages under ${THIN_CONTENT_WORDS} words are often seen as thin and rank poorly. Expand it with useful detail for the visitor, not filler.`,
        details,
        ...renderOnServer,
      };
    }
    return { severity: 'success', message: `${count} words of content`, details };
  },
};
