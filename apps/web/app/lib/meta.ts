import { PRODUCT_NAME } from '../config/site.ts';

/**
 * Title, description and social tags for a page. Keep titles at 20-60 characters and descriptions
 * at 70-160: our own title and meta-description checks hold these pages to the same rule.
 */
export function pageMeta(title: string, description: string) {
  const fullTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
}
