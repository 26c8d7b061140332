import { elementsByTag, isInside } from '../page/dom.ts';
import type { Check, CheckOutcome } from './check.ts';
import { linkName } from './link-name.ts';
import { MAX_LISTED, truncate } from './markup-helpers.ts';

/**
 * `crawlable-anchors` (links): `<a>` elements that act as links but give crawlers no URL to
 * follow. Offenders: no href but an onclick handler or role="link"; an empty href; a
 * `javascript:` href; an href of "#" only. A plain `<a name>` / `<a id>` target without href is
 * fine, as are real fragments (#section), mailto: and tel:. Static HTML cannot show handlers
 * attached by script, so "#" only is reported whether or not an onclick attribute is visible:
 * either way a crawler finds nothing to follow. Any offender is a warning.
 *
 * An anchor whose role makes it an interface control (role="button", "tab", "menuitem", ...)
 * is not a link that hides a page: it opens a menu or switches a tab, and a crawler has nothing
 * to follow there by design. Such controls are reported as information (`details.controls`),
 * not as uncrawlable links; the same anchor without the role stays a warning (issue 12).
 */

type Reason = 'no href' | 'empty href' | 'javascript: href' | '# only';

/** ARIA widget roles: an anchor with one of these is a control, not a link (WAI-ARIA 1.2). */
const CONTROL_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'treeitem',
]);

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

/** The anchor's role when it is a control (the first role token, as browsers take it). */
function controlRole(attribs: Record<string, string>): string | null {
  const role = (attribs.role ?? '').trim().toLowerCase().split(/\s+/)[0] ?? '';
  return CONTROL_ROLES.has(role) ? role : null;
}

interface Listed {
  reason: Reason;
  href: string | null;
  text: string;
  onclick: boolean;
}

export const crawlableAnchors: Check = {
  meta: {
    id: 'crawlable-anchors',
    title: 'Crawlable links',
    why: 'Search engines only follow <a> elements with a real URL in href. Links that work only through script (javascript:, "#", or a click handler without href) hide the pages behind them; give each link an href with the target URL.',
    howToFix:
      'Give every link an href with the target URL; keep script-only controls as <button> elements.',
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const offenders: Listed[] = [];
    const controls: Array<Listed & { role: string }> = [];
    let offenderCount = 0;
    let controlCount = 0;
    let total = 0;
    for (const el of elementsByTag(doc, 'a')) {
      if (isInside(doc, el, 'template')) continue;
      total++;
      const reason = reasonFor(el.attribs.href, el.attribs);
      if (reason === null) continue;
      const role = controlRole(el.attribs);
      if (role === null) offenderCount++;
      else controlCount++;
      const list = role === null ? offenders : controls;
      // Only listed anchors are described: reading every name would cost for nothing.
      if (list.length >= MAX_LISTED) continue;
      const listed: Listed = {
        reason,
        href: el.attribs.href === undefined ? null : truncate(el.attribs.href),
        text: truncate(linkName(doc, el, 1).shown),
        onclick: el.attribs.onclick !== undefined,
      };
      if (role === null) offenders.push(listed);
      else controls.push({ ...listed, role });
    }
    const details = { total, offenderCount, offenders, controlCount, controls };
    if (offenderCount > 0) {
      return {
        severity: 'warning',
        message:
          offenderCount === 1
            ? `1 link cannot be crawled (${offenders[0]!.reason})`
            : `${offenderCount} links cannot be crawled`,
        why: 'These links work only through script, so search engines cannot follow them to the pages they lead to. Put the target URL in href (keep the script if you need it) or use a <button> for actions that are not navigation.',
        details,
      };
    }
    if (controlCount > 0) {
      return {
        severity: 'success',
        message: `All links are crawlable (${controlCount === 1 ? '1 anchor is an interface control' : `${controlCount} anchors are interface controls`})`,
        why: `Anchors with role="${controls[0]!.role}" and the like open menus or switch tabs; they are controls, not links to pages, so crawlers have nothing to follow there. A <button> would say so without the role.`,
        details,
      };
    }
    return { severity: 'success', message: 'All links are crawlable', details };
  },
};
