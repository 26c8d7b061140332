import {
  type AnyNode,
  type Document,
  type Element,
  isComment,
  isDirective,
  isTag,
  isText,
} from 'domhandler';

/**
 * What the HTML parsing algorithm makes of U+0000 NULL characters, applied to a parsed tree
 * (htmlparser2 keeps them as they are). A page with a stray NUL is still a page — browsers and
 * Google parse it — and this is what they read:
 *
 * - in text of ordinary HTML elements the NUL is a parse error and is ignored (tree construction,
 *   "in body": "A character token that is U+0000 NULL: Parse error. Ignore the token");
 * - in text of raw-text and RCDATA elements (script, style, title, textarea, …), in SVG or
 *   MathML text, in tag and attribute names, attribute values and comments, it becomes U+FFFD
 *   REPLACEMENT CHARACTER (the tokenizer's states and "in foreign content").
 */

const NUL = /\0/g;
const REPLACEMENT = '\ufffd';

/** Elements whose content the tokenizer reads as raw text, RCDATA or plaintext. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'plaintext',
]);

/** Elements of SVG or MathML whose content is HTML again (integration points). */
const INTEGRATION_POINTS = new Set([
  'foreignObject',
  'foreignobject',
  'desc',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
]);

function replaced(value: string): string {
  return value.includes('\0') ? value.replace(NUL, REPLACEMENT) : value;
}

function cleanElement(el: Element): void {
  el.name = replaced(el.name);
  let dirty = false;
  for (const [name, value] of Object.entries(el.attribs)) {
    if (name.includes('\0') || value.includes('\0')) dirty = true;
  }
  if (!dirty) return;
  const attribs: Record<string, string> = {};
  for (const [name, value] of Object.entries(el.attribs)) {
    const key = replaced(name);
    // The first of two attributes with the same name wins, as in the tokenizer.
    if (!Object.hasOwn(attribs, key)) attribs[key] = replaced(value);
  }
  el.attribs = attribs;
}

/** Applies the parsing algorithm's NUL rules to a document that holds NULs (see above). */
export function handleNulCharacters(doc: Document): void {
  // Each entry: a node, and whether its text is kept with U+FFFD (raw text, SVG, MathML).
  const stack: Array<{ node: AnyNode; replace: boolean }> = doc.children.map((node) => ({
    node,
    replace: false,
  }));
  stack.reverse();
  while (stack.length > 0) {
    const { node, replace } = stack.pop()!;
    if (isText(node)) {
      if (node.data.includes('\0')) {
        node.data = replace ? node.data.replace(NUL, REPLACEMENT) : node.data.replace(NUL, '');
      }
      continue;
    }
    if (isComment(node) || isDirective(node)) {
      node.data = replaced(node.data);
      continue;
    }
    let inner = replace;
    if (isTag(node)) {
      cleanElement(node);
      if (RAW_TEXT.has(node.name) || node.name === 'svg' || node.name === 'math') inner = true;
      else if (INTEGRATION_POINTS.has(node.name)) inner = false;
    }
    const children = (node as { children?: AnyNode[] }).children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i]!, replace: inner });
    }
  }
}
