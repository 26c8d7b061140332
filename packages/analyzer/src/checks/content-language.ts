import { elementsByTag } from '../page/dom.ts';
import { linkLookup } from '../page/metadata.ts';
import type { PageContext } from '../page/page-context.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { DETECTABLE, FRANC_TO_LANG, primaryLanguage, sameLanguage } from './language-codes.ts';
import { rankLanguages } from './language-detect.ts';
import { languageName } from './language-names.ts';
import { isValidLanguageTag } from './markup-helpers.ts';

/**
 * `content-language` (metadata): the declared `<html lang>` and the page's own hreflang entry
 * should name the language its text is written in; search engines use the text, and a wrong
 * declaration sends screen readers, translation offers and the hreflang cluster astray.
 *
 * The language of the text is detected with franc-min (trigram profiles of 66 languages with
 * 8 million speakers or more, plus script-based ones such as Japanese, Chinese, Greek, Thai;
 * see language-codes.ts), on a sample of the page's visible text: SAMPLE_CHARS from a third of
 * the way in, which skips most of the navigation. Only a page with MIN_TEXT_CHARS of text or
 * more is judged, only a declared language the detector knows is compared, and a disagreement
 * counts only when the detector ranks the declared language well below the one it found
 * (`declaredScore` < MAX_DECLARED_SCORE, franc's scores being relative to the best, 1), so
 * close calls between related languages pass. Look-alike languages (Bosnian, Croatian and
 * Serbian; Indonesian and Malay) count as one.
 */

export const MIN_TEXT_CHARS = 400;
/** About MIN_TEXT_CHARS of prose. */
export const MIN_WORDS = 60;
export const SAMPLE_CHARS = 800;
/**
 * franc's scores are close together (on 400 characters of English, Dutch scores 0.93 and German
 * 0.89; on Portuguese, Spanish 0.95), so only a declared language within 3 % of the best is a
 * close call.
 */
export const MAX_DECLARED_SCORE = 0.97;

interface Detection {
  language: string;
  /** franc's score of a language, relative to the best (1); 0 when it is not ranked. */
  scoreOf(language: string): number;
}

function detect(sample: string): Detection | null {
  const ranked = rankLanguages(sample, MIN_TEXT_CHARS / 2);
  const [best] = ranked;
  if (!best || best[0] === 'und') return null;
  const language = FRANC_TO_LANG[best[0]];
  if (language === undefined) return null;
  return {
    language,
    scoreOf(wanted) {
      const entry = ranked.find(([code]) => {
        const mapped = FRANC_TO_LANG[code];
        return mapped !== undefined && sameLanguage(mapped, wanted);
      });
      return entry ? Math.round(entry[1] * 1000) / 1000 : 0;
    },
  };
}

/** The page's own hreflang entries: alternates whose address is the page (hash ignored). */
function selfHreflang(page: PageContext): string[] {
  const here = new URL(page.url.href);
  here.hash = '';
  return linkLookup(page.document, 'alternate', 'hreflang').head.flatMap((el) => {
    const code = el.attribs.hreflang?.trim() ?? '';
    if (code === '' || code.toLowerCase() === 'x-default' || !isValidLanguageTag(code)) return [];
    try {
      const target = new URL(el.attribs.href?.trim() ?? '', page.url);
      target.hash = '';
      return target.href === here.href ? [code] : [];
    } catch {
      return [];
    }
  });
}

export const contentLanguage: Check = {
  meta: {
    id: 'content-language',
    title: 'Language of the text',
    why: 'The lang attribute and hreflang tell search engines, screen readers and browsers which language the page is in. When they name another language than the text is written in, the page can be shown to the wrong audience, read aloud with the wrong voice, or offered for translation needlessly.',
    howToFix:
      'Set <html lang> (and the page’s own hreflang entry) to the language the text is written in.',
    fixSnippet: 'the <html lang> start tag naming the language detected in the text.',
    rule: `The visible text of the server HTML (${SAMPLE_CHARS} characters from a third of the way in) is identified with franc-min, for pages with ${MIN_WORDS} words and ${MIN_TEXT_CHARS} characters of text or more and a declared <html lang> whose language franc-min knows (66 languages with 8 million speakers or more). When the detected language differs from the primary subtag of <html lang>, or of the page's own hreflang alternate, and franc-min scores the declared language below ${MAX_DECLARED_SCORE} of the best, it is a warning. Bosnian, Croatian and Serbian count as one language, as do Indonesian and Malay. Otherwise passes; not applicable to a page with less text, no valid lang or a language the detector does not know.`,
    sources: [
      {
        title: 'W3C: Declaring language in HTML',
        url: 'https://www.w3.org/International/questions/qa-html-language-declarations',
      },
      {
        title: 'Google Search Central: Managing multi-regional and multilingual sites',
        url: 'https://developers.google.com/search/docs/specialty/international/managing-multi-regional-sites',
      },
      { title: 'franc: natural language detection', url: 'https://github.com/wooorm/franc' },
    ],
  },
  run(page): CheckOutcome {
    const raw = elementsByTag(page.document, 'html')[0]?.attribs.lang?.trim() ?? '';
    const notApplicable = (message: string, details: Record<string, unknown>): CheckOutcome => ({
      severity: 'success',
      outcome: 'not_applicable',
      message,
      details: { declared: raw || null, detected: null, ...details },
    });
    if (raw === '' || !isValidLanguageTag(raw)) {
      return notApplicable('No valid language declared to compare', {});
    }
    const declared = primaryLanguage(raw);
    if (!DETECTABLE.has(declared)) {
      return notApplicable(`${languageName(declared)} is not a language the detector knows`, {});
    }
    // The word count is known already; the whole collapsed text is not built for this.
    const { wordCount } = page.serverText;
    const sample = page.serverText.excerpt(SAMPLE_CHARS);
    if (wordCount < MIN_WORDS || sample.length < MIN_TEXT_CHARS) {
      return notApplicable('Too little text to tell its language', { words: wordCount });
    }
    const detection = detect(sample);
    if (detection === null) {
      return notApplicable('The language of the text could not be told', {});
    }
    const { language } = detection;
    const declaredScore = detection.scoreOf(declared);
    const hreflang = selfHreflang(page);
    // A declared language the detector ranks close to the best is a close call, not a fault.
    const disagrees = (code: string) => {
      const named = primaryLanguage(code);
      return (
        DETECTABLE.has(named) &&
        !sameLanguage(named, language) &&
        detection.scoreOf(named) < MAX_DECLARED_SCORE
      );
    };
    const wrongHreflang = hreflang.filter(disagrees);
    const details = {
      declared: raw,
      detected: language,
      declaredScore,
      hreflang,
      wrongHreflang,
    };
    const langWrong = disagrees(raw);
    if (!langWrong && wrongHreflang.length === 0) {
      return {
        severity: 'success',
        message: `The text is in ${languageName(language)}, as declared`,
        details,
      };
    }
    const named = languageName(language);
    const what = [
      ...(langWrong ? [`<html lang="${raw}"> (${languageName(declared)})`] : []),
      ...wrongHreflang.map((code) => `hreflang="${code}"`),
    ];
    const snippet = `<html lang="${language}">`;
    return withFix(
      {
        severity: 'warning',
        message: langWrong
          ? `The text reads as ${named}, but the page declares ${languageName(declared)}`
          : `The text reads as ${named}, but its hreflang says otherwise`,
        why: `The page's text reads as ${named}, while ${what.join(' and ')} ${what.length === 1 ? 'names' : 'name'} another language. Search engines go by the text; the declaration misleads screen readers, translation offers and the hreflang cluster.`,
        details,
      },
      langWrong
        ? {
            howToFix: `Declare the language of the text (check it first):\n${snippet}${wrongHreflang.length > 0 ? `\nand give the page's own hreflang alternate the same language.` : ''}`,
            fixSnippet: snippet,
          }
        : {
            howToFix: `Give the page's own hreflang alternate the language of its text (${language}), or link it from the alternate that is written in ${languageName(primaryLanguage(wrongHreflang[0]!))}.`,
          },
    );
  },
};
