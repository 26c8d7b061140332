import { type Element, elementsByTag, isInside } from '../page/dom.ts';
import { isHiddenInPage } from '../page/element-flags.ts';
import type { Check, CheckOutcome } from './check.ts';
import { type LinkNameSource, linkName } from './link-name.ts';
import { MAX_LISTED, truncate } from './markup-helpers.ts';

/**
 * `link-text` (links): links whose text says nothing about the target ("click here", "read
 * more", ...) or that have no name at all. The name is what a crawler reads (link-name.ts): the
 * anchor's text, else the alt text of images inside, else aria-label / aria-labelledby, else
 * title; it is compared lower-cased with punctuation and symbols stripped. Anchors that are not links to another location (`javascript:`, fragment-only, no
 * href) are crawlable-anchors' business and skipped here. Any offender is a warning.
 *
 * A link without a name that is hidden (itself or an ancestor is `hidden`, `aria-hidden="true"`
 * or styled display:none / visibility:hidden) and leads where a named link of the page leads is
 * not counted (issue 26): it is the duplicate of a card's image or icon link that sites hide
 * from screen readers and keyboards, and the crawler learns the target's name from the visible
 * link. `details.hiddenDuplicates` counts them.
 */

const GENERIC = new Set([
  // English
  'click here',
  'click',
  'click this',
  'here',
  'right here',
  'go here',
  'read more',
  'read',
  'learn more',
  'find out more',
  'more',
  'more info',
  'more information',
  'more details',
  'details',
  'info',
  'see more',
  'view more',
  'see details',
  'view details',
  'this',
  'this page',
  'this link',
  'link',
  'continue',
  'continue reading',
  'go',
  'start',
  'start here',
  'page',
  'website',
  // A few common equivalents in other languages
  'hier',
  'hier klicken',
  'mehr',
  'weiterlesen',
  'mehr erfahren',
  'ici',
  'cliquez ici',
  'en savoir plus',
  'lire la suite',
  'plus',
  'aquí',
  'haga clic aquí',
  'más',
  'leer más',
  'más información',
  'clique aqui',
  'saiba mais',
  'leia mais',
  'qui',
  'clicca qui',
  'leggi di più',
]);

/** The longest generic phrase: a normalised text longer than this is not generic. */
const LONGEST_GENERIC = Math.max(...[...GENERIC].map((phrase) => phrase.length));

/**
 * The address a link leads to without its fragment, as a key two links share. Absolute and
 * root-relative hrefs (nearly all) are keyed without parsing a URL; others are resolved.
 */
function targetKey(href: string, base: URL): string {
  const value = href.trim();
  const hash = value.indexOf('#');
  const path = hash === -1 ? value : value.slice(0, hash);
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/') && !path.startsWith('//')) return `${base.origin}${path}`;
  try {
    const url = new URL(path, base);
    url.hash = '';
    return url.href;
  } catch {
    return path;
  }
}

/** A link to a location: has an href that is neither javascript: nor a bare #fragment. */
function isNavigatingLink(href: string | undefined): href is string {
  if (href === undefined) return false;
  const value = href.trim();
  return value !== '' && !value.startsWith('#') && !/^javascript:/i.test(value);
}

export const linkText: Check = {
  meta: {
    id: 'link-text',
    title: 'Descriptive link text',
    why: 'Search engines read link text to learn what the target page is about, and screen-reader users often jump from link to link. Replace "click here" or "read more" with words that name the destination.',
    howToFix: 'Replace "click here" or "read more" with link text that names the destination.',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const links = elementsByTag(doc, 'a').filter(
      (el) => isNavigatingLink(el.attribs.href) && !isInside(doc, el, 'template'),
    );
    const offenders: Array<{ href: string; text: string; nameFrom: LinkNameSource | null }> = [];
    const names = links.map((el) => linkName(doc, el, LONGEST_GENERIC + 1));
    // Where the named links lead, built only when a nameless link is hidden.
    let namedTargets: Set<string> | null = null;
    const target = (el: Element) => targetKey(el.attribs.href!, page.url);
    let hiddenDuplicates = 0;
    links.forEach((el, i) => {
      const { shown, normalised, source } = names[i]!;
      if (normalised !== '' && !GENERIC.has(normalised)) return;
      if (normalised === '' && isHiddenInPage(doc, el)) {
        namedTargets ??= new Set(
          links.filter((_, j) => names[j]!.normalised !== '').map((link) => target(link)),
        );
        if (namedTargets.has(target(el))) {
          hiddenDuplicates++;
          return;
        }
      }
      offenders.push({
        href: truncate(el.attribs.href!.trim()),
        text: truncate(shown),
        nameFrom: source,
      });
    });
    const details = {
      total: links.length,
      offenderCount: offenders.length,
      offenders: offenders.slice(0, MAX_LISTED),
      hiddenDuplicates,
    };
    if (offenders.length > 0) {
      const first = offenders[0]!;
      return {
        severity: 'warning',
        message:
          offenders.length === 1
            ? first.text
              ? `1 link has generic text ("${first.text}")`
              : '1 link has no text'
            : `${offenders.length} links have generic or empty text`,
        why: 'Links such as "click here", "read more" or with no text tell search engines and screen-reader users nothing about the target. Write link text that names the destination, for example "see pricing plans".',
        details,
      };
    }
    return { severity: 'success', message: 'Link text is descriptive', details };
  },
};
