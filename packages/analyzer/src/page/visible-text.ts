import { type AnyNode, type Document, type Element, isTag, isText } from 'domhandler';

/**
 * Visible main-content text, the way the word-count and js-rendering checks measure a page:
 * navigation, header, footer, sidebars, scripts, templates and hidden elements are skipped.
 * The same function measures the server HTML and the rendered DOM so the two counts compare.
 */

const SKIPPED_TAGS = new Set([
  'head',
  'nav',
  'header',
  'footer',
  'aside',
  'script',
  'style',
  'template',
  'noscript',
  'svg',
  'iframe',
  'object',
  'canvas',
  'select',
  'option',
  'datalist',
]);

/** Tags that end a block, so their text does not glue to the next word. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'ul',
  'ol',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'td',
  'th',
  'tr',
  'table',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'dd',
  'dt',
  'dl',
  'form',
  'label',
  'button',
  'summary',
  'details',
]);

const HIDDEN_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

export function isHiddenElement(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined) return true;
  if ((a['aria-hidden'] ?? '').trim().toLowerCase() === 'true') return true;
  if (el.name === 'input' && (a.type ?? '').toLowerCase() === 'hidden') return true;
  return a.style !== undefined && HIDDEN_STYLE.test(a.style);
}

export interface VisibleText {
  text: string;
  words: string[];
  wordCount: number;
}

/** A word is a run of non-space characters holding at least one letter or digit. */
const WORD = /[\p{L}\p{N}]/u;

export function countWords(text: string): string[] {
  return text.split(/[\s\u00a0]+/).filter((token) => WORD.test(token));
}

export function extractVisibleText(doc: Document): VisibleText {
  const parts: string[] = [];
  const stack: AnyNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      parts.push(node.data);
      continue;
    }
    if (isTag(node)) {
      if (SKIPPED_TAGS.has(node.name) || isHiddenElement(node)) continue;
      // Decorative chrome marked by ARIA roles counts as navigation too.
      const role = (node.attribs.role ?? '').toLowerCase();
      if (role === 'navigation' || role === 'banner' || role === 'contentinfo') continue;
      if (BLOCK_TAGS.has(node.name)) parts.push(' ');
    }
    const children = (node as { children?: AnyNode[] }).children;
    if (children) {
      // Push a block separator after the children, then the children in reverse order.
      if (isTag(node) && BLOCK_TAGS.has(node.name)) stack.push(separator);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  const text = parts
    .join('')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  const words = countWords(text);
  return { text, words, wordCount: words.length };
}

/** A synthetic text node that stands for the whitespace a block element ends with. */
const separator = { type: 'text', data: ' ' } as unknown as AnyNode;
