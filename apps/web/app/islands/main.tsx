import { scrollToTopOnCurrentPageLinks } from './current-page-links.ts';
import { hydrateIslands } from './hydrate.tsx';
import { markHydrated } from './hydrated-mark.ts';

/**
 * The one script of a prerendered marketing page (the build puts it in place of React Router's,
 * scripts/islands-scripts.ts): it hydrates the page's islands and nothing else.
 */
const { pathname, search, hash } = window.location;
scrollToTopOnCurrentPageLinks(document);
void hydrateIslands(document, { pathname, search, hash }, { onCommitted: markHydrated });
