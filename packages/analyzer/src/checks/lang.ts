import { elementsByTag } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { isValidLanguageTag } from './markup-helpers.ts';

/**
 * `lang` (metadata): `<html lang>` is present and a well-formed BCP 47 tag (validated with
 * Intl.getCanonicalLocales, which throws RangeError on malformed tags). Missing or invalid is a
 * warning.
 */

export const lang: Check = {
  meta: {
    id: 'lang',
    title: 'Page language',
    why: 'The lang attribute on <html> tells search engines and screen readers which language the page is in, so it reaches the right audience and is read aloud correctly. Use a BCP 47 tag such as lang="en" or lang="en-GB".',
    howToFix:
      'Declare the page language on the <html> element with a valid BCP 47 tag, such as lang="en" or lang="en-GB".',
  },
  run(page): CheckOutcome {
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
  },
};
