import { SHARE_IMAGE } from '@crawlwise/shared/public-origin';
import { absoluteUrl } from '../config/public-origin.ts';
import { PRODUCT_NAME } from '../config/site.ts';

/**
 * Title, description, canonical and social tags for a page. Keep titles at 20-60 characters and
 * descriptions at 70-160: our own title and meta-description checks hold these pages to the same
 * rule. Every address is absolute on the public origin (config/public-origin.ts): search engines
 * want an absolute canonical, and og:url and og:image must be absolute.
 */
export function pageMeta(path: string, title: string, description: string) {
  const fullTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl(SHARE_IMAGE.path);
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: SHARE_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: SHARE_IMAGE.alt },
  ];
}
