import { metaLookup, metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';
import { isAbsoluteHttpUrl, listPhrase } from './markup-helpers.ts';
import { openGraphFix } from './social-fixes.ts';

/**
 * `open-graph` (social): og:title, og:description, og:image, og:url and og:type are present;
 * og:image (and og:url) must be absolute http(s) URLs, since scrapers do not resolve relative
 * ones. No tags, some missing or an invalid URL are warnings; social never has criticals.
 * Tags are read from `property` or `name`, since sites mix them up, and only in the real head;
 * the others are listed as ignored, with the reason. A missing og:description is no fault when
 * the page has a meta description: Facebook, LinkedIn and most chat apps show it instead
 * (issue 26); `details.fallbacks` says so.
 */

const REQUIRED = ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'] as const;
const URL_TAGS = new Set<string>(['og:image', 'og:url']);

export const openGraph: Check = {
  meta: {
    id: 'open-graph',
    title: 'Open Graph tags',
    why: 'Open Graph tags decide the title, text and image shown when the page is shared on Facebook, LinkedIn, Slack and most chat apps. Set og:title, og:description, og:image, og:url and og:type, with full https:// URLs.',
    howToFix:
      'Add og:title, og:description, og:image, og:url and og:type meta tags, with absolute https:// URLs.',
    fixSnippet:
      'the missing <meta property="og:..."> tags, prefilled from the page: og:title from the <title> (else the first <h1>), og:description from the meta description, og:image from the first <img> made absolute, og:url from the canonical (else the page address), og:type website (article when article:published_time is set); relative og:image and og:url made absolute.',
  },
  run(page): CheckOutcome {
    const outcome = judge(page);
    const { missing, invalid, values } = outcome.details as {
      missing: string[];
      invalid: string[];
      values: Record<string, string | null>;
    };
    // A page without any Open Graph tag gets the whole set, og:description included.
    const toWrite = REQUIRED.every((key) => values[key] === null) ? [...REQUIRED] : missing;
    return withFix(outcome, () => openGraphFix(page, toWrite, invalid, values));
  },
};

function judge(page: PageContext): CheckOutcome {
  const values: Record<string, string | null> = {};
  for (const key of REQUIRED) {
    values[key] = metaValues(page.document, key)[0] || null;
  }
  // The platforms' own fallback: the meta description stands in for og:description.
  const fallbacks: Record<string, string> = {};
  if (values['og:description'] === null && (metaValues(page.document, 'description')[0] || null)) {
    fallbacks['og:description'] = 'meta description';
  }
  const missing = REQUIRED.filter((key) => values[key] === null && !(key in fallbacks));
  const noTags = REQUIRED.every((key) => values[key] === null);
  const invalid = REQUIRED.filter(
    (key) => URL_TAGS.has(key) && values[key] !== null && !isAbsoluteHttpUrl(values[key]),
  );
  // Ignored tags matter where they leave a tag missing.
  const ignored = REQUIRED.filter((key) => values[key] === null)
    .flatMap((key) => metaLookup(page.document, key).ignored)
    .sort((a, b) => a.line - b.line);
  const details = { values, missing, fallbacks, invalid, ignored: ignoredDetails(ignored) };

  if (noTags && ignored.length > 0) {
    return {
      severity: 'warning',
      message: `Open Graph tags ${ignoredStatus(ignored)}`,
      why: `${ignoredExplanation(ignored)} Platforms read Open Graph tags from <head> too.`,
      details,
    };
  }
  if (noTags) {
    return {
      severity: 'warning',
      message: 'No Open Graph tags',
      why: 'Without Open Graph tags a shared link shows whatever the platform guesses, often no image. Add og:title, og:description, og:image, og:url and og:type to <head>.',
      details,
    };
  }
  const invalidWhy =
    invalid.length > 0
      ? ` ${listPhrase(invalid)} must be a full URL starting with http:// or https://; platforms do not resolve relative paths.`
      : '';
  if (missing.length > 0) {
    return {
      severity: 'warning',
      message: `Open Graph is missing ${listPhrase(missing)}`,
      why: `Shared links fall back to guesses for the missing tags, and a card without og:image is barely noticed. Add ${listPhrase(missing)}.${invalidWhy}${ignored.length > 0 ? ` ${ignoredExplanation(ignored)}` : ''}`,
      details,
    };
  }
  if (invalid.length > 0) {
    return {
      severity: 'warning',
      message: `${listPhrase(invalid)} ${invalid.length === 1 ? 'is not an absolute URL' : 'are not absolute URLs'}`,
      why: `Social platforms fetch these URLs as written.${invalidWhy}`,
      details,
    };
  }
  return {
    severity: 'success',
    message:
      'og:description' in fallbacks
        ? 'Open Graph tags are complete (og:description falls back to the meta description)'
        : 'Open Graph tags are complete',
    details,
  };
}
