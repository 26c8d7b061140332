import type { Element } from 'domhandler';
import { elementsByTag, textContent } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { hasAncestor, MAX_LISTED, truncate } from './markup-helpers.ts';

/**
 * `link-text` (links): links whose text says nothing about the target ("click here", "read
 * more", ...) or that have no text at all. Text is the anchor's text, else its aria-label, else
 * the alt text of images inside; it is compared lower-cased with punctuation and symbols
 * stripped. Anchors that are not links to another location (`javascript:`, fragment-only, no
 * href) are crawlable-anchors' business and skipped here. Any offender is a warning.
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

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function accessibleText(el: Element): string {
  const text = textContent(el);
  if (text) return text;
  const label = (el.attribs['aria-label'] ?? '').trim();
  if (label) return label;
  return elementsByTag(el, 'img')
    .map((img) => (img.attribs.alt ?? '').trim())
    .filter(Boolean)
    .join(' ');
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
    category: 'links',
    title: 'Descriptive link text',
    why: 'Search engines read link text to learn what the target page is about, and screen-reader users often jump from link to link. Replace "click here" or "read more" with words that name the destination.',
  },
  run(page): CheckOutcome {
    const links = elementsByTag(page.document, 'a').filter(
      (el) => isNavigatingLink(el.attribs.href) && !hasAncestor(el, 'template'),
    );
    const offenders: Array<{ href: string; text: string }> = [];
    for (const el of links) {
      const text = accessibleText(el);
      const normalised = normalise(text);
      if (normalised === '' || GENERIC.has(normalised)) {
        offenders.push({ href: truncate(el.attribs.href!.trim()), text: truncate(text) });
      }
    }
    const details = {
      total: links.length,
      offenderCount: offenders.length,
      offenders: offenders.slice(0, MAX_LISTED),
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
