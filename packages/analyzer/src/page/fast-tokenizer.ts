import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's tokenizer, skipping runs of plain characters in one tight loop.
 *
 * The stock tokenizer goes through its state machine once per character: a call to
 * `shouldContinue`, a `switch` over the state and a call to the state's method, which for most
 * characters of text and attribute values does nothing (with entity decoding on, it waits for
 * `<` or `&` in text, for the quote or `&` in a value). That dispatch was the parse's largest
 * single cost on real pages (issue 23.2). Here those two states jump straight to the character
 * before the next one that matters, so the main loop's next step lands on it; and the
 * tokenizer's own fast-forward (script, style, comments, tag ends) uses `indexOf`. Every callback
 * is made with the same indices as before (html-parser.test.ts and fast-tokenizer.test.ts
 * compare the token streams with the stock tokenizer's).
 *
 * The overridden methods are private in htmlparser2's types, so they are set on the subclass's
 * prototype through the shape below; htmlparser2 is pinned exactly (package.json), and the tests
 * fail if an upgrade renames them.
 */
interface TokenizerInternals {
  buffer: string;
  index: number;
  offset: number;
  decodeEntities: boolean;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  fastForwardTo(c: number): boolean;
}

const LT = 0x3c; // <
const AMP = 0x26; // &

const stock = Tokenizer.prototype as unknown as TokenizerInternals;
if (
  typeof stock.stateText !== 'function' ||
  typeof stock.handleInAttributeValue !== 'function' ||
  typeof stock.fastForwardTo !== 'function'
) {
  throw new Error('htmlparser2 changed its tokenizer: see fast-tokenizer.ts');
}
const stockStateText = stock.stateText;
const stockHandleInAttributeValue = stock.handleInAttributeValue;

/**
 * Moves `index` to just before the next `stop` or `alsoStop` character (-1: none) after it, or
 * to the last character of the buffer: the main loop then steps onto that character.
 */
function skipTo(tokenizer: TokenizerInternals, stop: number, alsoStop: number): void {
  const buffer = tokenizer.buffer;
  const end = buffer.length;
  let i = tokenizer.index - tokenizer.offset + 1;
  while (i < end) {
    const c = buffer.charCodeAt(i);
    if (c === stop || c === alsoStop) break;
    i++;
  }
  tokenizer.index = i - 1 + tokenizer.offset;
}

export class FastTokenizer extends Tokenizer {}

const fast = FastTokenizer.prototype as unknown as TokenizerInternals;

fast.stateText = function (this: TokenizerInternals, c: number): void {
  // Only `<` (and `&` when decoding entities) do anything in text.
  if (c === LT || (c === AMP && this.decodeEntities)) stockStateText.call(this, c);
  else skipTo(this, LT, this.decodeEntities ? AMP : -1);
};

fast.handleInAttributeValue = function (this: TokenizerInternals, c: number, quote: number): void {
  // Only the closing quote (and `&` when decoding entities) do anything in a quoted value.
  if (c === quote || (c === AMP && this.decodeEntities)) {
    stockHandleInAttributeValue.call(this, c, quote);
  } else {
    skipTo(this, quote, this.decodeEntities ? AMP : -1);
  }
};

const CHARACTERS = new Map<number, string>();

fast.fastForwardTo = function (this: TokenizerInternals, c: number): boolean {
  let character = CHARACTERS.get(c);
  if (character === undefined) {
    character = String.fromCharCode(c);
    CHARACTERS.set(c, character);
  }
  const at = this.buffer.indexOf(character, this.index - this.offset + 1);
  if (at !== -1) {
    this.index = at + this.offset;
    return true;
  }
  // Like the stock method: the main loop's increment then ends the buffer.
  this.index = this.buffer.length + this.offset - 1;
  return false;
};
