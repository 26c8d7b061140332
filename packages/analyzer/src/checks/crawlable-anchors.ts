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
 * not as uncrawlable links (issue 12). So is an anchor with href="#" or an empty href and no
 * sign that it navigates (issue 26: pages use them for Close, Print, Share, menus and sign-in,
 * and the peers that said so were right): it is a control, unless role="link", a click handler
 * that sets the location or opens a window, or a data-href / data-url attribute shows that it
 * leads to a page — then it is a warning, as a link crawlers cannot follow. Static HTML cannot
 * show handlers that scripts attach, so an anchor without such a sign is given the benefit of
 * the doubt.
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

/** Script that leads somewhere: sets the location, opens a window, pushes a route. */
const NAVIGATING_SCRIPT =
  /\blocation\b|\bwindow\.open\s*\(|\bnavigate(?:To)?\s*\(|\brouter\.(?:push|replace)\s*\(|\bpushState\s*\(/i;
/** Attributes scripts read a link target from. */
const TARGET_ATTRIBUTES = ['data-href', 'data-url', 'data-link', 'data-target-url'];

/**
 * What shows that an anchor with a placeholder href ("#", empty) navigates when clicked, or null:
 * role="link", a click handler that navigates, or a target URL in a data attribute.
 */
export function navigationSign(attribs: Record<string, string>): string | null {
  if (((attribs.role ?? '').trim().toLowerCase().split(/\s+/)[0] ?? '') === 'link') {
    return 'role="link"';
  }
  for (const [name, value] of Object.entries(attribs)) {
    if (name.startsWith('on') && NAVIGATING_SCRIPT.test(value)) return `${name} navigates`;
  }
  for (const name of TARGET_ATTRIBUTES) {
    const value = (attribs[name] ?? '').trim();
    if (value !== '' && value !== '#') return `${name}="${truncate(value, 60)}"`;
  }
  return null;
}

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

/** Why an anchor counts as a control: its ARIA role, or a placeholder href with no sign of navigating. */
type ControlBy = 'role' | 'placeholder href';

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
    const offenders: Array<Listed & { navigation?: string }> = [];
    const controls: Array<Listed & { role: string | null; controlBy: ControlBy }> = [];
    let offenderCount = 0;
    let controlCount = 0;
    let total = 0;
    for (const el of elementsByTag(doc, 'a')) {
      if (isInside(doc, el, 'template')) continue;
      total++;
      const reason = reasonFor(el.attribs.href, el.attribs);
      if (reason === null) continue;
      const role = controlRole(el.attribs);
      const placeholder = reason === '# only' || reason === 'empty href';
      const navigation = role === null && placeholder ? navigationSign(el.attribs) : null;
      const control = role !== null || (placeholder && navigation === null);
      if (control) controlCount++;
      else offenderCount++;
      // Only listed anchors are described: reading every name would cost for nothing.
      if ((control ? controls : offenders).length >= MAX_LISTED) continue;
      const listed: Listed = {
        reason,
        href: el.attribs.href === undefined ? null : truncate(el.attribs.href),
        text: truncate(linkName(doc, el, 1).shown),
        onclick: el.attribs.onclick !== undefined,
      };
      if (control)
        controls.push({ ...listed, role, controlBy: role === null ? 'placeholder href' : 'role' });
      else offenders.push(navigation === null ? listed : { ...listed, navigation });
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
      const byRole = controls.find((control) => control.role !== null);
      return {
        severity: 'success',
        message: `All links are crawlable (${controlCount === 1 ? '1 anchor is an interface control' : `${controlCount} anchors are interface controls`})`,
        why: byRole
          ? `Anchors with role="${byRole.role}" and the like open menus or switch tabs; they are controls, not links to pages, so crawlers have nothing to follow there. A <button> would say so without the role.`
          : 'Anchors with href="#" or an empty href that show no sign of leading to a page (Close, Print, Share, menu toggles) are controls, not links, so crawlers have nothing to follow there. A <button> would say so; if one of them does open a page, put its address in href.',
        details,
      };
    }
    return { severity: 'success', message: 'All links are crawlable', details };
  },
};
