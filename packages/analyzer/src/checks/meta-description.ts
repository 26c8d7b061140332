import type { TextTagDetails } from '@crawlwise/shared/check-details';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH } from '@crawlwise/shared/limits';
import { collapseWhitespace } from '../page/dom.ts';
import { metaLookup, metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { CheckOf, CheckOutcome, OutcomeOf } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';
import { codePointLength } from './markup-helpers.ts';
import { descriptionFix } from './metadata-fixes.ts';
import { type Problem, warningsOutcome } from './warnings-outcome.ts';

/**
 * `meta-description` (metadata): `<meta name="description">` exists, is 70-160 characters after
 * entity decoding and whitespace collapsing (Unicode code points), and appears once. Missing or
 * empty is critical; a length outside the range or several descriptions is a warning. Only
 * descriptions in the real head count (as for Google); the others are listed as ignored, with
 * the reason.
 */

const RANGE = `${DESCRIPTION_MIN_LENGTH}-${DESCRIPTION_MAX_LENGTH}`;

export const metaDescription: CheckOf<'meta-description'> = {
  meta: {
    id: 'meta-description',
    title: 'Meta description',
    why: `The meta description is the snippet under the title in search results and persuades people to click. Write one unique description of ${RANGE} characters per page.`,
    howToFix: `Add one <meta name="description"> of ${RANGE} characters that summarises the page and why it is worth a click.`,
    fixSnippet: `the <meta name="description"> to paste: the description cut at a word boundary to ${DESCRIPTION_MAX_LENGTH} characters; when it is missing or too short, the og:description, twitter:description or first paragraph of at least ${DESCRIPTION_MIN_LENGTH} characters; when duplicated, the one Google reads.`,
  },
  run(page): OutcomeOf<'meta-description'> {
    const values = metaValues(page.document, 'description');
    const ignored = metaLookup(page.document, 'description').ignoredElements[0];
    return withFix(judge(page), () =>
      descriptionFix(page.document, {
        value: values[0] ?? null,
        count: values.length,
        ignoredValue:
          values.length === 0 && ignored ? collapseWhitespace(ignored.attribs.content ?? '') : null,
      }),
    );
  },
};

function judge(page: PageContext): CheckOutcome<TextTagDetails> {
  const values = metaValues(page.document, 'description');
  const { ignored } = metaLookup(page.document, 'description');
  const count = values.length;
  const value = values[0] ?? null;
  const length = value === null ? 0 : codePointLength(value);
  const details = { value: value || null, length, count, ignored: ignoredDetails(ignored) };

  if (count === 0 && ignored.length > 0) {
    return {
      severity: 'critical',
      message: `Meta description ${ignoredStatus(ignored)}`,
      why: `${ignoredExplanation(ignored)} Without a description search engines pick a random passage of the page as the snippet.`,
      details,
    };
  }
  if (count === 0) {
    return {
      severity: 'critical',
      message: 'Page has no meta description',
      why: `Without a description search engines pick a random passage of the page as the snippet. Add <meta name="description" content="..."> with ${RANGE} characters summarising the page.`,
      details,
    };
  }
  if (length === 0) {
    return {
      severity: 'critical',
      message: 'Meta description is empty',
      why: `The description tag has no content, so search engines pick a random passage as the snippet. Fill its content attribute with ${RANGE} characters summarising the page.`,
      details,
    };
  }

  const problems: Problem[] = [];
  if (length < DESCRIPTION_MIN_LENGTH) {
    problems.push({
      message: `Meta description is too short (${length} characters)`,
      why: `Descriptions under ${DESCRIPTION_MIN_LENGTH} characters give searchers little reason to click and are often replaced. Expand it to ${RANGE} characters that summarise the page.`,
    });
  } else if (length > DESCRIPTION_MAX_LENGTH) {
    problems.push({
      message: `Meta description is too long (${length} characters)`,
      why: `Search results cut descriptions after about ${DESCRIPTION_MAX_LENGTH} characters, so the end is lost. Shorten it to ${RANGE} characters with the key point first.`,
    });
  }
  if (count > 1) {
    problems.push({
      message: `Page has ${count} meta descriptions`,
      why: 'Search engines use only one description, and duplicates usually come from a template or plugin conflict. Keep a single description tag.',
    });
  }

  return warningsOutcome(
    problems,
    details,
    `Meta description length is good (${length} characters)`,
  );
}
