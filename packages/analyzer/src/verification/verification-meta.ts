import { VERIFICATION_META_NAME } from '@crawlwise/shared/site-verification';
import { Parser } from 'htmlparser2';

/**
 * The values of the ownership meta tags in a page's head (docs/site-checks.md › Site ownership
 * verification): `<meta name="crawlwise-site-verification" content="…">`, name matched without
 * regard to case, as HTML does. Tags after the body starts are not the head's and are left out.
 * Pure: the page was fetched by the caller.
 */
export function verificationMetaValues(html: string): string[] {
  const values: string[] = [];
  let inBody = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'body') inBody = true;
        if (inBody || name !== 'meta') return;
        if (attributes.name?.trim().toLowerCase() !== VERIFICATION_META_NAME) return;
        values.push((attributes.content ?? '').trim());
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return values;
}
