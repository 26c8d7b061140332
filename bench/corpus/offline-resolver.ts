import type { Resolver } from '@crawlwise/analyzer/types';

/**
 * The benches' DNS: every name is refused, so no lookup and no connection leaves the machine.
 * The corpus is served at the literal 127.0.0.1 (which the address guard judges without DNS);
 * what its pages name elsewhere (a saved page's og:image on its real CDN, say) fails as an
 * unresolvable domain instead of being fetched from the public internet.
 */
export const offlineResolver: Resolver = async (hostname) => {
  throw Object.assign(new Error(`${hostname}: the bench resolves no names (offline)`), {
    code: 'ENOTFOUND',
  });
};
