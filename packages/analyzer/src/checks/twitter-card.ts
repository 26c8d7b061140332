import { metaLookup, metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation } from './ignored-metadata.ts';
import { isAbsoluteHttpUrl, listPhrase } from './markup-helpers.ts';
import { twitterCardFix } from './social-fixes.ts';
import { type Problem, warningsOutcome } from './warnings-outcome.ts';

/**
 * `twitter-card` (social): twitter:card is one of summary, summary_large_image, app, player, and
 * a title, description and image exist either as twitter:* or inherited from og:*. A missing or
 * unknown card type, missing fields, or an image that is not an absolute http(s) URL are
 * warnings; social never has criticals. X falls back from each twitter: tag to its og: tag, and
 * no further: a meta description alone gives the card no description (developer.x.com, "Cards
 * markup"), unlike Open Graph's consumers (issue 26).
 */

const CARD_TYPES = ['summary', 'summary_large_image', 'app', 'player'];
const FIELDS = ['title', 'description', 'image'] as const;
type Field = (typeof FIELDS)[number];
type Source = 'twitter' | 'og' | null;

export const twitterCard: Check = {
  meta: {
    id: 'twitter-card',
    title: 'Twitter Card',
    why: 'Twitter Card tags decide how the page looks when shared on X (Twitter). Set twitter:card to summary or summary_large_image; title, description and image may come from the Open Graph tags.',
    howToFix:
      'Add <meta name="twitter:card" content="summary_large_image"> (or summary) and a title, description and image, here or in Open Graph tags.',
    fixSnippet:
      'the missing twitter:card (summary_large_image when the page has an image, else summary) and twitter:title, twitter:description and twitter:image tags, prefilled from the page as for Open Graph; a relative card image made absolute.',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const first = (key: string) => metaValues(doc, key)[0] || null;
    const card = first('twitter:card');
    const fields = {} as Record<Field, { value: string | null; source: Source }>;
    for (const field of FIELDS) {
      const own = first(`twitter:${field}`);
      const inherited = own ?? first(`og:${field}`);
      fields[field] = { value: inherited, source: own ? 'twitter' : inherited ? 'og' : null };
    }
    const missing = FIELDS.filter((field) => fields[field].value === null);
    const invalidImage = fields.image.value !== null && !isAbsoluteHttpUrl(fields.image.value);
    const ignored = ['twitter:card', ...FIELDS.map((field) => `twitter:${field}`)]
      .flatMap((key) => metaLookup(doc, key).ignored)
      .sort((a, b) => a.line - b.line);
    const details = { card, fields, missing, invalidImage, ignored: ignoredDetails(ignored) };

    const problems: Problem[] = [];
    const cardIgnored = ignored.filter((entry) => entry.element.includes('twitter:card'));
    if (card === null && cardIgnored.length > 0) {
      problems.push({
        message: `Twitter Card type ignored: ${cardIgnored[0]!.reason}`,
        why: `${ignoredExplanation(cardIgnored)} X reads card tags from <head> too.`,
      });
    } else if (card === null) {
      problems.push({
        message: 'No Twitter Card type',
        why: 'Without twitter:card, X shows at best a plain link. Add <meta name="twitter:card" content="summary_large_image"> (or summary).',
      });
    } else if (!CARD_TYPES.includes(card.toLowerCase())) {
      problems.push({
        message: `Unknown Twitter Card type "${card}"`,
        why: `X ignores cards of unknown type. Use one of ${listPhrase(CARD_TYPES)}.`,
      });
    }
    if (missing.length > 0) {
      problems.push({
        message: `Twitter Card has no ${listPhrase(missing)}`,
        why: `Neither twitter:${listPhrase(missing)} nor the matching og: tags exist, so the card is incomplete. Add them, as twitter:* or Open Graph tags.`,
      });
    }
    if (invalidImage) {
      problems.push({
        message: 'Twitter Card image is not an absolute URL',
        why: 'X fetches the card image as written; use a full URL starting with https://.',
      });
    }

    return withFix(warningsOutcome(problems, details, `Twitter Card is set (${card})`), () =>
      twitterCardFix(
        page,
        {
          missing: card === null,
          unknown: card !== null && !CARD_TYPES.includes(card.toLowerCase()),
        },
        missing,
        invalidImage
          ? {
              value: fields.image.value!,
              key: fields.image.source === 'og' ? 'og:image' : 'twitter:image',
            }
          : null,
      ),
    );
  },
};
