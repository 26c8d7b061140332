import { linkLookup } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { attributeText, type Fix, withFix } from './fix-snippets.ts';
import { ignoredDetails, ignoredExplanation, ignoredStatus } from './ignored-metadata.ts';
import {
  isAbsoluteHttpUrl,
  isValidLanguageTag,
  MAX_LISTED,
  plural,
  resolveUrl,
} from './markup-helpers.ts';

/**
 * `hreflang` (metadata): every `<link rel="alternate" hreflang>` carries a valid BCP 47 language
 * code (or `x-default`) and an absolute http(s) href, as Google requires. Any offender is a
 * warning; a page without alternates passes (the check does not apply). The same code pointing
 * to two different URLs is reported as an offender too, because Google then ignores both.
 * Only links in the real head count (Google reads hreflang links from <head>); links outside it
 * are listed as ignored, and a page whose only alternates are ignored is a warning.
 */

interface Offender {
  hreflang: string;
  href: string;
  problems: string[];
}

/**
 * The offending links written correctly where the page says enough: `_` in a code made `-`
 * (en_US → en-US), a relative href resolved against the page. A code that points to two URLs
 * and an empty href need the owner's choice and are only named.
 */
function hreflangFix(offenders: readonly Offender[], pageUrl: URL): Fix | null {
  const lines: string[] = [];
  const named: string[] = [];
  for (const offender of offenders.slice(0, MAX_LISTED)) {
    const isDefault = offender.hreflang.toLowerCase() === 'x-default';
    const dashed = offender.hreflang.replace(/_/g, '-');
    const code = isDefault
      ? 'x-default'
      : isValidLanguageTag(dashed)
        ? Intl.getCanonicalLocales(dashed)[0]!
        : null;
    const href = offender.href === '' ? null : resolveUrl(offender.href, pageUrl);
    if (
      code === null ||
      href === null ||
      !isAbsoluteHttpUrl(href) ||
      offender.problems.includes('same language code points to another URL')
    ) {
      named.push(`hreflang="${offender.hreflang}"`);
      continue;
    }
    lines.push(
      `<link rel="alternate" hreflang="${attributeText(code)}" href="${attributeText(href)}">`,
    );
  }
  const rest =
    named.length > 0
      ? ` Decide by hand for ${named.join(', ')} (unknown language, missing address or two addresses for one code).`
      : '';
  if (lines.length === 0) return rest === '' ? null : { howToFix: rest.trim() };
  const fixSnippet = lines.join('\n');
  return { howToFix: `Replace the invalid alternates with:\n${fixSnippet}${rest}`, fixSnippet };
}

export const hreflang: Check = {
  meta: {
    id: 'hreflang',
    title: 'Hreflang alternates',
    why: 'Hreflang links point search engines to the versions of a page in other languages or regions. Each needs a valid language code (or x-default) and an absolute URL, or search engines ignore it.',
    howToFix:
      'Give each hreflang alternate a valid language code (or x-default) and an absolute https:// URL.',
    fixSnippet:
      'the invalid alternates rewritten: "_" in a language code made "-" (en_US → en-US) and a relative href resolved against the page; links that need a choice (unknown language, no href, one code with two URLs) are named in howToFix only.',
  },
  run(page): CheckOutcome {
    const { head, ignored } = linkLookup(page.document, 'alternate', 'hreflang');
    const alternates = head.map((el) => ({
      hreflang: el.attribs.hreflang!.trim(),
      href: (el.attribs.href ?? '').trim(),
    }));

    if (alternates.length === 0 && ignored.length > 0) {
      return {
        severity: 'warning',
        message: `${plural(ignored.length, 'hreflang link')} ${ignoredStatus(ignored)}`,
        why: `${ignoredExplanation(ignored)} Search engines then know nothing of the page's other language versions.`,
        details: { count: 0, offenders: [], ignored: ignoredDetails(ignored) },
      };
    }
    if (alternates.length === 0) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'No hreflang alternates (not applicable)',
        why: 'The page declares no language alternates. That is fine for a site in a single language.',
        details: { count: 0, offenders: [], ignored: [] },
      };
    }

    const firstHrefByCode = new Map<string, string>();
    const offenders: Offender[] = [];
    for (const { hreflang: code, href } of alternates) {
      const problems: string[] = [];
      const isDefault = code.toLowerCase() === 'x-default';
      if (!isDefault && !isValidLanguageTag(code)) problems.push('invalid language code');
      if (href === '') problems.push('missing href');
      else if (!isAbsoluteHttpUrl(href)) problems.push('href is not an absolute http(s) URL');
      const key = isDefault ? 'x-default' : code.toLowerCase();
      const previous = firstHrefByCode.get(key);
      if (previous === undefined) firstHrefByCode.set(key, href);
      else if (previous !== href) problems.push('same language code points to another URL');
      if (problems.length > 0) offenders.push({ hreflang: code, href, problems });
    }

    const details = {
      count: alternates.length,
      languages: [...firstHrefByCode.keys()],
      offenders: offenders.slice(0, MAX_LISTED),
      offenderCount: offenders.length,
      ignored: ignoredDetails(ignored),
    };
    if (offenders.length > 0) {
      return withFix(
        {
          severity: 'warning',
          message: `${plural(offenders.length, 'hreflang link')} ${offenders.length === 1 ? 'is' : 'are'} invalid`,
          why: 'Search engines ignore hreflang links with a malformed language code or a relative URL, so those language versions may not be shown to their audience. Use codes like "en", "en-GB" or "x-default" and full URLs starting with https://.',
          details,
        },
        hreflangFix(offenders, page.url),
      );
    }
    return {
      severity: 'success',
      message: `Hreflang alternates are valid (${alternates.length})`,
      details,
    };
  },
};
