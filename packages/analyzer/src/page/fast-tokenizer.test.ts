import { type Handler, Parser, type ParserOptions } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { FastTokenizer } from './fast-tokenizer.ts';

/** Every callback the parser makes, with its arguments and the source positions at the time. */
function tokens(html: string, options: ParserOptions, chunk = 0): unknown[] {
  const seen: unknown[] = [];
  let parser: Parser | null = null;
  const record = new Proxy({} as Partial<Handler>, {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        if (name === 'onparserinit') return;
        seen.push([name, ...args, parser?.startIndex, parser?.endIndex]);
      },
  });
  parser = new Parser(record, options);
  if (chunk > 0) {
    for (let at = 0; at < html.length; at += chunk) parser.write(html.slice(at, at + chunk));
    parser.end();
  } else {
    parser.end(html);
  }
  return seen;
}

const TRICKY = [
  'plain text &amp; more &notanentity; &#x41;&#66 end',
  '<p class="a &amp; b" title=\'x &lt; y\' data-x=unquoted&amp;v>t</p>',
  '<script>if (a < b && c) { x("</scr" + "ipt>"); }</script><style>p>a{}</style>',
  '<title>T &amp; <b>not a tag</b></title><textarea>&lt;x&gt;</textarea>',
  '<!-- a comment -- with - dashes --><!DOCTYPE html><?xml x?><![CDATA[ c ]]>',
  '<div attr="never closed>text &amp',
  'text ending with an ampersand &',
  '<a href="?a=1&b=2&amp;c=3">q&a</a> <<< >>> & & <',
  '<svg><path d="M0 0"/></svg><math><mi>x</mi></math>',
  '',
];

/** Seeded markup with every kind of token in random order (mulberry32). */
function randomMarkup(seed: number, parts: number): string {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pieces = [
    'words and more words ',
    '&amp;',
    '&copy',
    '&#169;',
    '&',
    '<',
    '>',
    '"',
    "'",
    '<p>',
    '</p>',
    '<a href="x?y=1&amp;z=2">',
    "<img alt='a &quot; b' src=i.png>",
    '<input value=v&amp;w disabled>',
    '<script>a<b&&c</script>',
    '<style>x>y{}</style>',
    '<!-- c -->',
    '<title>t&amp;u</title>',
    '\n',
  ];
  let html = '';
  for (let i = 0; i < parts; i++) html += pieces[Math.floor(next() * pieces.length)];
  return html;
}

const MODES: Array<[string, ParserOptions]> = [
  ['decoding entities', { lowerCaseTags: true, lowerCaseAttributeNames: true }],
  ['not decoding entities', { decodeEntities: false }],
  ['in XML mode', { xmlMode: true }],
];

describe('FastTokenizer', () => {
  describe.each(MODES)('gives the stock tokenizer’s tokens %s', (_mode, options) => {
    const fast = { ...options, Tokenizer: FastTokenizer };

    it.each(TRICKY)('for %j', (html) => {
      expect(tokens(html, fast)).toEqual(tokens(html, options));
    });

    it('for random markup, whole and written in small chunks', () => {
      for (let seed = 1; seed <= 40; seed++) {
        const html = randomMarkup(seed, 300);
        // Chunk boundaries split texts, so each way of writing is compared with itself.
        for (const chunk of [0, 1, 7, 64]) {
          expect(tokens(html, fast, chunk)).toEqual(tokens(html, options, chunk));
        }
      }
    });
  });
});
