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
  /** The visible text, whitespace collapsed. */
  text: string;
  /** The text split at block elements (paragraphs, headings, list items, …), each collapsed. */
  blocks: string[];
  words: string[];
  wordCount: number;
}

/** A word is a run of non-space characters holding at least one letter or digit. */
const WORD = /[\p{L}\p{N}]/u;

export function countWords(text: string): string[] {
  return text.split(/[\s\u00a0]+/).filter((token) => WORD.test(token));
}

/** Exactly the characters of the regular expression class \s (WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * countWords(text).length without building the words: one pass over the characters. ASCII
 * letters and digits settle a token at once; a token with other characters and no ASCII
 * letter or digit is tested with the same regular expression as countWords.
 */
export function wordCountOf(text: string): number {
  let count = 0;
  let start = -1;
  let word = false;
  let unsure = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    if (isSpace(c)) {
      if (start >= 0 && (word || (unsure && WORD.test(text.slice(start, i))))) count++;
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      word = false;
      unsure = false;
    }
    if (!word) {
      const lower = c | 0x20;
      if ((c >= 0x30 && c <= 0x39) || (lower >= 0x61 && lower <= 0x7a)) word = true;
      else if (c >= 0x80) unsure = true;
    }
  }
  return count;
}

/**
 * The walk collects the text nodes and block separators; the word count is taken from them in
 * one pass, and the collapsed text and the word list (only the js-rendering comparison needs
 * them) are built on first use.
 */
export function extractVisibleText(doc: Document): VisibleText {
  const parts: string[] = [];
  const stack: AnyNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      parts.push(node.data);
      continue;
    }
    let block = false;
    if (isTag(node)) {
      if (SKIPPED_TAGS.has(node.name) || isHiddenElement(node)) continue;
      // Decorative chrome marked by ARIA roles counts as navigation too.
      const role = node.attribs.role;
      if (role !== undefined) {
        const lower = role.toLowerCase();
        if (lower === 'navigation' || lower === 'banner' || lower === 'contentinfo') continue;
      }
      block = BLOCK_TAGS.has(node.name);
      if (block) parts.push(BLOCK_BREAK);
    }
    const children = (node as { children?: AnyNode[] }).children;
    if (children) {
      // Push a block separator after the children, then the children in reverse order.
      if (block) stack.push(separator);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  const raw = parts.join('');
  let text: string | undefined;
  let words: string[] | undefined;
  let blocks: string[] | undefined;
  return {
    get text() {
      text ??= raw.replace(/[\s\u00a0]+/g, ' ').trim();
      return text;
    },
    get blocks() {
      blocks ??= raw
        .split(BLOCK_BREAK)
        .map((block) => block.replace(/[\s\u00a0]+/g, ' ').trim())
        .filter((block) => block !== '');
      return blocks;
    },
    get words() {
      // Splitting the raw text gives the same tokens as splitting the collapsed one.
      words ??= countWords(raw);
      return words;
    },
    wordCount: wordCountOf(raw),
  };
}

/**
 * What a block element's start and end add to the text: U+2029 PARAGRAPH SEPARATOR, whitespace
 * like the space it once was (the text, words and count are unchanged), and where `blocks`
 * splits (a line break would split at every newline of the HTML source).
 */
const BLOCK_BREAK = '\u2029';

/** A synthetic text node that stands for the whitespace a block element ends with. */
const separator = { type: 'text', data: BLOCK_BREAK } as unknown as AnyNode;
