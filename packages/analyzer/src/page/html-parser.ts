import { type Document, DomHandler, Element, isText, Text } from 'domhandler';
import { Parser, type ParserOptions } from 'htmlparser2';
import { FastTokenizer } from './fast-tokenizer.ts';
import { HeadTracker, setHeadRecord } from './head.ts';
import { handleNulCharacters } from './nul-characters.ts';

/**
 * htmlparser2's parser, with its two stacks made linear in nesting depth.
 *
 * The stock parser keeps the open elements top-first in an array: every start tag is an
 * `unshift` and every end a `shift`, which move the whole array, and `</x>`, `<form>` and the
 * SVG case adjustment search it from the top. On 400k nested `<i>` that is quadratic (about a
 * minute of CPU for 2.8 MB). The same array interface is kept here (the parser's own code uses
 * `[0]`, `length`, `unshift`, `shift`, `indexOf`, `includes`) on a bottom-first array with a
 * count per name, so each operation is O(1) and a search only runs when the name is open —
 * and then the end tag pops everything it passed, which pays for it.
 *
 * The stacks are private fields of htmlparser2 12.0.0 (pinned exactly in package.json);
 * `html-parser.test.ts` compares this parser's trees with the stock one's so an upgrade that
 * renames them fails loudly instead of silently going quadratic again.
 */
class TopFirstStack<T> {
  private readonly items: T[] = [];
  private readonly counts = new Map<T, number>();
  /**
   * The top of the stack (the parser reads `stack[0]`), kept as a plain data property: an
   * indexed getter would push every indexed access in V8 onto its slow path.
   */
  0: T | undefined = undefined;

  get length(): number {
    return this.items.length;
  }

  /** Only ever set to 0, by the parser's reset(). */
  set length(value: number) {
    this.items.length = value;
    this[0] = this.items[this.items.length - 1];
    this.counts.clear();
    for (const item of this.items) this.counts.set(item, (this.counts.get(item) ?? 0) + 1);
  }

  /** Pushes on top. */
  unshift(item: T): number {
    this.items.push(item);
    this[0] = item;
    this.counts.set(item, (this.counts.get(item) ?? 0) + 1);
    return this.items.length;
  }

  /** Pops the top. */
  shift(): T | undefined {
    if (this.items.length === 0) return undefined;
    const item = this.items.pop()!;
    this[0] = this.items[this.items.length - 1];
    const count = this.counts.get(item)! - 1;
    if (count === 0) this.counts.delete(item);
    else this.counts.set(item, count);
    return item;
  }

  includes(item: T): boolean {
    return this.counts.has(item);
  }

  /** Distance from the top of the nearest `item`, or -1. */
  indexOf(item: T): number {
    if (!this.counts.has(item)) return -1;
    for (let i = this.items.length - 1; i >= 0; i--) {
      if (this.items[i] === item) return this.items.length - 1 - i;
    }
    return -1;
  }
}

/** The private fields of htmlparser2's Parser that are replaced (see above). */
interface ParserStacks {
  stack: TopFirstStack<string>;
  foreignContext: TopFirstStack<number>;
}

/**
 * htmlparser2's parser with linear stacks (above) that also shows the HTML's tokens, in source
 * order, to a HeadTracker until the head is over (see head.ts).
 */
class LinearParser extends Parser {
  private readonly handler: DomHandler;

  constructor(
    handler: DomHandler,
    options: ParserOptions,
    private readonly source: string,
    private readonly head: HeadTracker,
  ) {
    super(handler, options);
    this.handler = handler;
    const stacks = this as unknown as ParserStacks;
    if (!Array.isArray(stacks.stack) || !Array.isArray(stacks.foreignContext)) {
      throw new Error('htmlparser2 changed its internals: see html-parser.ts');
    }
    const foreign = new TopFirstStack<number>();
    for (let i = stacks.foreignContext.length - 1; i >= 0; i--) {
      foreign.unshift((stacks.foreignContext as unknown as number[])[i]!);
    }
    stacks.stack = new TopFirstStack<string>();
    stacks.foreignContext = foreign;
  }

  // At each token's callback, startIndex is where the token starts in the source.
  override onopentagname(start: number, endIndex: number): void {
    if (this.head.active) {
      this.head.startTag(this.source.slice(start, endIndex).toLowerCase(), this.startIndex);
    }
    super.onopentagname(start, endIndex);
  }

  override onclosetag(start: number, endIndex: number): void {
    if (this.head.active) {
      this.head.endTag(this.source.slice(start, endIndex).toLowerCase(), this.startIndex);
    }
    super.onclosetag(start, endIndex);
  }

  override ontext(start: number, endIndex: number): void {
    if (this.head.active) this.head.text(this.source.slice(start, endIndex), start);
    super.ontext(start, endIndex);
  }

  override ontextentity(codePoint: number, endIndex: number): void {
    if (this.head.active) this.head.text(String.fromCodePoint(codePoint), this.startIndex);
    super.ontextentity(codePoint, endIndex);
  }

  /** The stock onend reads `stack[index]` for every index; this closes them top-first too. */
  override onend(): void {
    this.endIndex = this.startIndex;
    const open = (this as unknown as ParserStacks).stack;
    for (let remaining = open.length; remaining > 0; remaining--) {
      this.handler.onclosetag();
    }
    this.handler.onend();
  }
}

/**
 * domhandler's Element and Text, built by plain constructor functions that share their
 * prototypes. domhandler declares its nodes' properties as class fields, which V8 (Node 20)
 * initialises one define at a time: that was a third of the parse (issue 23.2). These make the
 * same objects — the same own properties in the same order, the same prototypes, so
 * `instanceof`, the getters and cloneNode work as before — by plain assignments.
 */
interface NodeShape {
  parent: null;
  prev: null;
  next: null;
  startIndex: null;
  endIndex: null;
}
const ElementNode = function (
  this: NodeShape & Record<string, unknown>,
  name: string,
  attribs: Record<string, string>,
) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag';
  this.namespace = undefined;
  this['x-attribsNamespace'] = undefined;
  this['x-attribsPrefix'] = undefined;
} as unknown as new (
  name: string,
  attribs: Record<string, string>,
) => Element;
ElementNode.prototype = Element.prototype;

const TextNode = function (this: NodeShape & Record<string, unknown>, data: string) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  this.type = 'text';
} as unknown as new (
  data: string,
) => Text;
TextNode.prototype = Text.prototype;

/** DomHandler building its elements and texts with the constructors above (HTML mode only). */
class NodeHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    const element = new ElementNode(name, attribs);
    this.addNode(element);
    this.tagStack.push(element);
  }

  override ontext(data: string): void {
    const last = this.lastNode;
    // withEndIndices is off (PARSER_OPTIONS), so a joined text keeps its end index.
    if (last !== null && isText(last)) {
      last.data += data;
      return;
    }
    const node = new TextNode(data);
    this.addNode(node);
    this.lastNode = node;
  }
}

export const PARSER_OPTIONS = {
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  // Source positions: where the head ended, and line numbers in findings.
  withStartIndices: true,
} as const;

/**
 * Parses a page: htmlparser2's tree (with source positions), NULs treated as the HTML parsing
 * algorithm does, and a record of which elements the algorithm puts into the head (head.ts).
 */
export function parseHtml(html: string): Document {
  const handler = new NodeHandler(undefined, PARSER_OPTIONS);
  const head = new HeadTracker(html);
  new LinearParser(handler, { ...PARSER_OPTIONS, Tokenizer: FastTokenizer }, html, head).end(html);
  const doc = handler.root;
  if (html.includes('\0')) handleNulCharacters(doc);
  setHeadRecord(doc, head.record());
  return doc;
}
