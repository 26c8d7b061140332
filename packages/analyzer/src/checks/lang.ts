import { elementsByTag } from '../page/dom.ts';
import { metaValues } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { attributeText, type Fix, withFix } from './fix-snippets.ts';
import { isValidLanguageTag } from './markup-helpers.ts';

/**
 * `lang` (metadata): `<html lang>` is present and a well-formed BCP 47 tag (validated with
 * Intl.getCanonicalLocales, which throws RangeError on malformed tags). Missing or invalid is a
 * warning.
 */

/**
 * The language to declare, from the page: the invalid value with `_` made `-` ("en_US"), else
 * the first Content-Language of the response, else og:locale. Null when none is a valid tag.
 */
function languageFix(page: PageContext, value: string): Fix | null {
  const candidates = [
    value.replace(/_/g, '-'),
    (page.artifacts.fetch.headers['content-language'] ?? '').split(',')[0]!.trim(),
    (metaValues(page.document, 'og:locale')[0] ?? '').replace(/_/g, '-'),
  ];
  const tag = candidates.find((candidate) => candidate !== '' && isValidLanguageTag(candidate));
  if (tag === undefined) return null;
  const canonical = Intl.getCanonicalLocales(tag)[0]!;
  const fixSnippet = `<html lang="${attributeText(canonical)}">`;
  return {
    howToFix: `Declare the language on the <html> element: ${fixSnippet} (from the page's own ${value !== '' && tag === candidates[0] ? 'lang value' : tag === candidates[1] ? 'Content-Language header' : 'og:locale'}; check it).`,
    fixSnippet,
  };
}

export const lang: Check = {
  meta: {
    id: 'lang',
    title: 'Page language',
    why: 'The lang attribute on <html> tells search engines and screen readers which language the page is in, so it reaches the right audience and is read aloud correctly. Use a BCP 47 tag such as lang="en" or lang="en-GB".',
    howToFix:
      'Declare the page language on the <html> element with a valid BCP 47 tag, such as lang="en" or lang="en-GB".',
    fixSnippet:
      'the <html lang> start tag to use: the invalid value with _ made - (en_US → en-US), else the Content-Language header, else og:locale.',
  },
  run(page): CheckOutcome {
    const outcome = judge(page);
    return outcome.severity === 'success'
      ? outcome
      : withFix(outcome, languageFix(page, (outcome.details?.value as string | null) ?? ''));
  },
};

function judge(page: PageContext): CheckOutcome {
  const html = elementsByTag(page.document, 'html')[0];
  const raw = html?.attribs.lang;
  const value = raw?.trim() ?? '';

  if (value === '') {
    return {
      severity: 'warning',
      message: raw === undefined ? 'Page language is not declared' : 'Page language is empty',
      why: 'The <html> element has no language, so search engines must guess it and screen readers may use the wrong voice. Add a BCP 47 tag such as <html lang="en">.',
      details: { value: raw ?? null, canonical: null },
    };
  }
  if (!isValidLanguageTag(value)) {
    return {
      severity: 'warning',
      message: `Invalid page language "${value}"`,
      why: 'The lang attribute is not a valid BCP 47 language tag, so it is ignored. Use a language code with an optional region separated by a hyphen, such as "en", "en-US" or "pt-BR" (not "en_US").',
      details: { value, canonical: null },
    };
  }
  const canonical = Intl.getCanonicalLocales(value)[0]!;
  return {
    severity: 'success',
    message: `Page language is declared (${canonical})`,
    details: { value, canonical },
  };
}
