import type { RedirectHop } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';

/**
 * `redirects` (crawlability): how many hops the requested address takes to reach the page. One hop
 * is normal (http → https, adding or dropping www, an old address moved); a chain of two or more
 * costs a round trip per hop and wastes crawl budget, so it warns. Loops and chains longer than
 * the fetcher follows never get here: they stop the analysis with `redirect_loop`.
 */

/** What one hop changed, so the message can say a single hop is the harmless kind. */
export type HopKind = 'http-to-https' | 'www' | 'http-to-https-and-www' | 'other';

export interface DescribedHop {
  from: string;
  to: string;
  status: number;
  kind: HopKind;
}

const withoutWww = (host: string) => host.replace(/^www\./, '');

export function classifyHop(from: string, to: string): HopKind {
  let a: URL;
  let b: URL;
  try {
    a = new URL(from);
    b = new URL(to, a);
  } catch {
    return 'other';
  }
  const upgraded = a.protocol === 'http:' && b.protocol === 'https:';
  const wwwChanged = a.hostname !== b.hostname && withoutWww(a.hostname) === withoutWww(b.hostname);
  const sameHost = a.hostname === b.hostname;
  const samePlace = a.pathname === b.pathname && a.search === b.search;
  if (!samePlace || !(sameHost || wwwChanged)) return 'other';
  if (upgraded && wwwChanged) return 'http-to-https-and-www';
  if (upgraded && a.port === b.port) return 'http-to-https';
  if (wwwChanged && a.protocol === b.protocol) return 'www';
  return 'other';
}

function describeHop(hop: RedirectHop): DescribedHop {
  let to = hop.location;
  try {
    to = new URL(hop.location, hop.url).href;
  } catch {
    // Keep the raw Location; the fetcher could not have followed it either.
  }
  return { from: hop.url, to, status: hop.status, kind: classifyHop(hop.url, to) };
}

const KIND_PHRASE: Record<HopKind, string> = {
  'http-to-https': 'http → https',
  www: 'www',
  'http-to-https-and-www': 'http → https and www',
  other: '',
};

export const redirects: Check = {
  meta: {
    id: 'redirects',
    title: 'Redirects',
    why: 'Every redirect costs the visitor and the crawler a round trip, and long chains may not be followed to the end. Link to the final address and make each old address redirect there in one hop.',
    howToFix:
      'Link to the final address directly and make every old address redirect there in a single hop.',
  },
  run(page): CheckOutcome {
    const { requestedUrl, finalUrl } = page.artifacts.fetch;
    const hops = page.artifacts.fetch.redirects.map(describeHop);
    const details = { count: hops.length, requestedUrl, finalUrl, hops };

    if (hops.length === 0) {
      return { severity: 'success', message: 'No redirects', details };
    }
    if (hops.length === 1) {
      const kind = hops[0]!.kind;
      return {
        severity: 'success',
        message:
          kind === 'other'
            ? `One redirect, to ${finalUrl}`
            : `One redirect (${KIND_PHRASE[kind]}), which is fine`,
        why: 'A single redirect is normal and search engines follow it. Linking straight to the final address still saves visitors a round trip.',
        details,
      };
    }
    return {
      severity: 'warning',
      message: `Redirect chain of ${hops.length} hops`,
      why: `The address passes through ${hops.length} redirects before reaching ${finalUrl}. Each hop costs a round trip and crawlers may stop following long chains: make the first redirect point straight to the final address and update links to use it.`,
      howToFix: `Make ${requestedUrl} redirect straight to ${finalUrl} with one 301, and change the links that point to ${requestedUrl} to ${finalUrl}.`,
      details,
    };
  },
};
