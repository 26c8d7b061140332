import type { TextTagDetails } from '@crawlwise/shared/check-details';
import { TITLE_MAX_LENGTH, TITLE_MIN_LENGTH } from '@crawlwise/shared/limits';
import { textContent } from '../page/dom.ts';
import { titleLookup } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOf, CheckOutcome, OutcomeOf } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';
import { codePointLength } from './markup-helpers.ts';
import { titleFix } from './metadata-fixes.ts';
import { type Problem, warningsOutcome } from './warnings-outcome.ts';

/**
 * `title` (metadata): the document title exists, is 20-60 characters after entity decoding and
 * whitespace collapsing (counted in Unicode code points), and appears once. Missing or empty is
 * critical; a length outside the range or several titles is a warning. When several problems
 * hold, the message names the first and `why` explains all of them. Only titles in the real
 * head count (as for Google); the others are listed as ignored, with the reason.
 */

const RANGE = `${TITLE_MIN_LENGTH}-${TITLE_MAX_LENGTH}`;

export const title: CheckOf<'title'> = {
  meta: {
    id: 'title',
    title: 'Page title',
    why: `The title is the blue link in search results and the label of the browser tab. Give every page one unique <title> of ${RANGE} characters that says what the page is about.`,
    howToFix: `Give the page one <title> in <head> of ${RANGE} characters that names the page and its main topic.`,
    fixSnippet: `the <title> to paste: the title cut at a word boundary to ${TITLE_MAX_LENGTH} characters; when it is missing, the og:title, twitter:title or first <h1>; when too short, the og:title, first <h1> or the title with the og:site_name, if one fits ${RANGE} characters; when duplicated, the one Google reads.`,
  },
  run(page): OutcomeOf<'title'> {
    return withFix(judge(page), () => {
      const { head: elements, ignoredElements } = titleLookup(page.document);
      const ignoredTitle = ignoredElements[0] ? textContent(ignoredElements[0]) : null;
      return titleFix(page.document, {
        value: elements[0] ? textContent(elements[0]) : null,
        count: elements.length,
        ignoredValue: elements.length === 0 ? ignoredTitle : null,
      });
    });
  },
};

function judge(page: PageContext): CheckOutcome<TextTagDetails> {
  const { head: elements, ignored } = titleLookup(page.document);
  const count = elements.length;
  const value = elements[0] ? textContent(elements[0]) : null;
  const length = value === null ? 0 : codePointLength(value);
  const details = { value: value || null, length, count, ignored: ignoredDetails(ignored) };

  if (count === 0 && ignored.length > 0) {
    return {
      severity: 'critical',
      message: `Title ${ignoredStatus(ignored)}`,
      why: `${ignoredExplanation(ignored)} Without a title search engines invent one from the page.`,
      details,
    };
  }
  if (count === 0) {
    return {
      severity: 'critical',
      message: 'Page has no title',
      why: `Without a <title> search engines invent one from the page, usually badly. Add a <title> of ${RANGE} characters inside <head> that names the page and its main topic.`,
      details,
    };
  }
  if (length === 0) {
    return {
      severity: 'critical',
      message: 'Title is empty',
      why: `The <title> element has no text, so search engines invent a title from the page. Write ${RANGE} characters that name the page and its main topic.`,
      details,
    };
  }

  const problems: Problem[] = [];
  if (length < TITLE_MIN_LENGTH) {
    problems.push({
      message: `Title is too short (${length} characters)`,
      why: `Titles under ${TITLE_MIN_LENGTH} characters waste the space search results give them and rarely describe the page. Expand it to ${RANGE} characters with the page's main topic.`,
    });
  } else if (length > TITLE_MAX_LENGTH) {
    problems.push({
      message: `Title is too long (${length} characters)`,
      why: `Search results cut titles after about ${TITLE_MAX_LENGTH} characters, so the end is lost. Shorten it to ${RANGE} characters and put the important words first.`,
    });
  }
  if (count > 1) {
    problems.push({
      message: `Page has ${count} title elements`,
      why: 'Only the first <title> is used, and the others show a template or plugin conflict. Keep a single <title> in <head>.',
    });
  }

  return warningsOutcome(problems, details, `Title length is good (${length} characters)`);
}
