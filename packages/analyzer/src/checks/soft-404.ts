import { collapseWhitespace, elementsByTag, textContent } from '../page/dom.ts';
import type { UnknownPathArtifact } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';
import { documentTitle, truncate } from './markup-helpers.ts';

/**
 * `soft-404` (crawlability): a "soft 404" is an error page answered with 200, so search engines
 * must guess it is an error; Google reports it as such in Search Console and keeps it out of the
 * index, after spending crawl budget on it. Two signals:
 * - the page itself: a 2xx page whose title or first H1 reads as "not found" in one of the
 *   languages below, with thin main text (under SOFT_404_MAX_WORDS words), or whose very thin main
 *   text (under SOFT_404_TEXT_WORDS) starts like one, is critical: it is an error page that says
 *   it is fine;
 * - the site: one request per origin to a path no site has (gather/unknown-path.ts) that answers 2xx,
 *   directly or through redirects on the same host, is a site-wide risk: every mistyped or
 *   deleted address becomes a page (a warning on every page of the origin).
 */

/** Main text at or above this many words is a real page, whatever its title says. */
export const SOFT_404_MAX_WORDS = 150;
/** Below this, the main text alone may show the page is an error page. */
export const SOFT_404_TEXT_WORDS = 60;

/**
 * "Not found" as error pages say it, by language: en, de, fr, es, it, pt, nl, pl, ja, zh (both
 * scripts), plus the bare status code. Matched on lower-cased, whitespace-collapsed text.
 */
export const NOT_FOUND_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  // "404" on its own only at the start or beside an error word: "Model 404 shoes" is a page.
  [
    '404',
    /^404\b|\b(error|erreur|fehler|errore|erro|fout|błąd)\s*:?\s*404\b|\b404\s*(error|page|not found|[-–|:])/,
  ],
  [
    'en',
    /\b(page|file|article|product|post|content)s? (was |is |could )?(not|n't|cannot be|can't be) (be )?found\b|\bnot found\b|\b(does not|doesn't|no longer) exists?\b|\bno longer (available|exists)\b|\bcould(n't| not) find (that|the|this) page\b/,
  ],
  [
    'de',
    /seite (wurde )?nicht gefunden|nicht gefunden|existiert nicht( mehr)?|nicht mehr verfügbar/,
  ],
  ['fr', /page (introuvable|non trouvée|inexistante)|introuvable|n['’]existe (pas|plus)/],
  ['es', /página no encontrada|no (se ha )?encontrad[ao]|no existe|ya no está disponible/],
  ['it', /pagina non trovata|non (è stata )?trovat[ao]|non esiste( più)?/],
  ['pt', /página não encontrada|não (foi )?encontrad[ao]|não existe/],
  ['nl', /pagina (is )?niet gevonden|niet gevonden|bestaat niet( meer)?/],
  ['pl', /nie znaleziono|strona nie (istnieje|została znaleziona)|nie istnieje/],
  ['ja', /ページが見つかりません|見つかりません|お探しのページ|ページは存在しません/],
  ['zh', /页面不存在|找不到|页面未找到|未找到页面|頁面不存在|找不到網頁|網頁不存在/],
];

/** The language whose "not found" the text says, or null. */
export function notFoundPhrase(text: string): string | null {
  const lower = collapseWhitespace(text).toLowerCase();
  if (lower === '') return null;
  for (const [language, pattern] of NOT_FOUND_PATTERNS) if (pattern.test(lower)) return language;
  return null;
}

function siteRisk(probe: UnknownPathArtifact | undefined): boolean {
  return (
    probe?.status === 'answered' &&
    probe.httpStatus !== undefined &&
    probe.httpStatus >= 200 &&
    probe.httpStatus < 300
  );
}

export const soft404: Check = {
  meta: {
    id: 'soft-404',
    title: 'Soft 404',
    why: 'An error page must answer with an error status (404 or 410). A "not found" page answered with 200 is a soft 404: search engines have to guess it is an error, waste crawling on it and may show it or drop it; a site that answers 200 for any address turns every broken link into such a page.',
    howToFix:
      'Answer addresses that do not exist with HTTP 404 (or 410 for pages removed for good), keeping the friendly error page as its body.',
    rule: `A 2xx page is critical when its title or first H1 says "not found" (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Japanese or Chinese phrases, or "404") and its main text has fewer than ${SOFT_404_MAX_WORDS} words, or when its main text has fewer than ${SOFT_404_TEXT_WORDS} words and says it. Per origin, one request to a path that cannot exist (/crawlwise-404-check- and a hash of the origin, redirects followed on the same host, at most 3) that ends in a 2xx answer is a site-wide soft-404 risk: a warning on the origin's pages. A probe that could not be made (5xx, network) is not judged; a page that is not 2xx is not applicable.`,
    sources: [
      {
        title: 'Google Search Central: Soft 404 errors',
        url: 'https://developers.google.com/search/docs/crawling-indexing/http-network-errors#soft-404-errors',
      },
      {
        title: 'RFC 9110, HTTP Semantics: 404 Not Found',
        url: 'https://www.rfc-editor.org/rfc/rfc9110#name-404-not-found',
      },
    ],
  },
  run(page): CheckOutcome {
    const { status } = page.artifacts.fetch;
    const probe = page.artifacts.unknownPath;
    const title = documentTitle(page.document) ?? '';
    const firstH1 = elementsByTag(page.document, 'h1')[0];
    const h1 = firstH1 ? collapseWhitespace(textContent(firstH1)) : '';
    const words = page.serverText.wordCount;
    const details = {
      title: truncate(title),
      h1: truncate(h1),
      words,
      unknownPath: probe
        ? {
            url: probe.url,
            status: probe.status,
            httpStatus: probe.httpStatus ?? null,
            finalUrl: probe.finalUrl ?? null,
            redirects: probe.redirects ?? 0,
          }
        : null,
    };
    if (status < 200 || status >= 300) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: `The page answers HTTP ${status}`,
        why: 'Only a page answered with 2xx can be a soft 404; the http-status check judges this one.',
        details,
      };
    }

    const said =
      words < SOFT_404_MAX_WORDS
        ? ((notFoundPhrase(title) && 'title') ??
          (notFoundPhrase(h1) && 'H1') ??
          (words < SOFT_404_TEXT_WORDS && notFoundPhrase(page.serverText.text) && 'text'))
        : null;
    if (said) {
      const where =
        said === 'title'
          ? `title "${truncate(title, 80)}"`
          : said === 'H1'
            ? `H1 "${truncate(h1, 80)}"`
            : 'text';
      return {
        severity: 'critical',
        message: 'The page reads as "not found" but answers 200',
        why: `Its ${where} says the page was not found and it has only ${words} words of main text, yet it answers HTTP ${status}. Search engines treat it as a soft 404: an error page that claims to be a page.${siteRisk(probe) ? ` The site answers ${probe!.httpStatus} for an address that cannot exist (${probe!.url}) too.` : ''}`,
        howToFix:
          'If the page is gone, answer its address with 404 (or 410, or a 301 to its replacement); if it is real, give it content that does not read like an error page.',
        details: { ...details, reason: said },
      };
    }
    if (siteRisk(probe)) {
      const via =
        probe!.finalUrl && probe!.redirects
          ? ` after ${probe!.redirects} redirect${probe!.redirects === 1 ? '' : 's'} to ${probe!.finalUrl}`
          : '';
      return {
        severity: 'warning',
        message: 'The site answers 200 for addresses that do not exist',
        why: `${probe!.url}, an address that cannot exist, answered HTTP ${probe!.httpStatus}${via}. Every mistyped link and deleted page of the site then looks like a page: search engines must guess which are errors (soft 404s) and spend crawling on them.`,
        howToFix:
          "Make the server (or the app's catch-all route) answer unknown addresses with 404, keeping its error page as the body; single-page apps should render the error page with a 404 status from the server, or a noindex on it.",
        details,
      };
    }
    if (probe === undefined || probe.status === 'unreachable') {
      return {
        severity: 'success',
        message: 'The page does not read as an error page',
        why: `The title, H1 and text do not say "not found". Whether the site answers errors with 404 was not checked${probe?.detail ? ` (${probe.detail})` : ''}.`,
        details,
      };
    }
    return {
      severity: 'success',
      message: 'No soft 404',
      why: `The page does not read as an error page, and an address that cannot exist answers HTTP ${probe.httpStatus}${probe.finalUrl ? ` (via ${probe.finalUrl})` : ''}.`,
      details,
    };
  },
};
