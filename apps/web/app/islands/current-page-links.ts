import { scrollToTop } from '../components/app-link.tsx';

/**
 * A link to the page you are on scrolls to the top instead of reloading it (spec point 2). In the
 * app, AppLink does this; on a prerendered page most links are static HTML outside any island, so
 * one listener on the document does it for them. Links an island handled already (default
 * prevented), new-tab clicks, other origins and in-page anchors are left to the browser.
 */
export function scrollToTopOnCurrentPageLinks(doc: Document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const here = doc.location;
    const target = new URL(link.href, here.href);
    if (target.origin !== here.origin || target.hash) return;
    const samePage =
      target.pathname === here.pathname && (target.search === '' || target.search === here.search);
    if (!samePage) return;
    event.preventDefault();
    scrollToTop();
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
