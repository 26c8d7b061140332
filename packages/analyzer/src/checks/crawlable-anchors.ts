import { elementsByTag, textContent } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { hasAncestor, MAX_LISTED, truncate } from './markup-helpers.ts';

/**
 * `crawlable-anchors` (links): `<a>` elements that act as links but give crawlers no URL to
 * follow. Offenders: no href but an onclick handler or role="link"; an empty href; a
 * `javascript:` href; an href of "#" only. A plain `<a name>` / `<a id>` target without href is
 * fine, as are real fragments (#section), mailto: and tel:. Static HTML cannot show handlers
 * attached by script, so "#" only is reported whether or not an onclick attribute is visible:
 * either way a crawler finds nothing to follow. Any offender is a warning.
 */

type Reason = 'no href' | 'empty href' | 'javascript: href' | '# only';

function reasonFor(href: string | undefined, attribs: Record<string, string>): Reason | null {
  if (href === undefined) {
    const role = (attribs.role ?? '').trim().toLowerCase();
    return attribs.onclick !== undefined || role === 'link' ? 'no href' : null;
  }
  // Browsers strip leading and trailing whitespace, and tabs and newlines anywhere, from URLs.
  const value = href.trim();
  if (value === '') return 'empty href';
  if (/^javascript:/i.test(value.replace(/[\t\n\r]/g, ''))) return 'javascript: href';
  if (value === '#') return '# only';
  return null;
}

export const crawlableAnchors: Check = {
  meta: {
    id: 'crawlable-anchors',
    category: 'links',
    title: 'Crawlable links',
    why: 'Search engines only follow <a> elements with a real URL in href. Links that work only through script (javascript:, "#", or a click handler without href) hide the pages behind them; give each link an href with the target URL.',
  },
  run(page): CheckOutcome {
    const offenders: Array<{
      reason: Reason;
      href: string | null;
      text: string;
      onclick: boolean;
    }> = [];
    let total = 0;
    for (const el of elementsByTag(page.document, 'a')) {
      if (hasAncestor(el, 'template')) continue;
      total++;
      const reason = reasonFor(el.attribs.href, el.attribs);
      if (reason === null) continue;
      offenders.push({
        reason,
        href: el.attribs.href === undefined ? null : truncate(el.attribs.href),
        text: truncate(textContent(el) || (el.attribs['aria-label'] ?? '').trim()),
        onclick: el.attribs.onclick !== undefined,
      });
    }
    const details = {
      total,
      offenderCount: offenders.length,
      offenders: offenders.slice(0, MAX_LISTED),
    };
    if (offenders.length > 0) {
      return {
        severity: 'warning',
        message:
          offenders.length === 1
            ? `1 link cannot be crawled (${offenders[0]!.reason})`
            : `${offenders.length} links cannot be crawled`,
        why: 'These links work only through script, so search engines cannot follow them to the pages they lead to. Put the target URL in href (keep the script if you need it) or use a <button> for actions that are not navigation.',
        details,
      };
    }
    return { severity: 'success', message: 'All links are crawlable', details };
  },
};
