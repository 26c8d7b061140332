import { PRODUCT_NAME, SITE_URL } from '../config/site.ts';

/**
 * Title, description, canonical and social tags for a page. Keep titles at 20-60 characters and
 * descriptions at 70-160: our own title and meta-description checks hold these pages to the same
 * rule. The canonical is root-relative unless the build knows the public origin (VITE_SITE_URL),
 * which og:url needs because it must be absolute.
 */
export function pageMeta(path: string, title: string, description: string) {
  const fullTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  const absolute = SITE_URL ? new URL(path, SITE_URL).href : null;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: absolute ?? path },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT_NAME },
    ...(absolute ? [{ property: 'og:url', content: absolute }] : []),
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
}
