import { describe, expect, it } from 'vitest';
import type { Element } from './dom.ts';
import { parseHtml } from './html-parser.ts';
import { countWords, extractVisibleText, isHiddenElement, wordCountOf } from './visible-text.ts';

const visible = (html: string) => extractVisibleText(parseHtml(html));

describe('extractVisibleText', () => {
  it('counts main content words and skips page chrome', () => {
    const result = visible(`<html><head><title>Not counted</title></head><body>
      <header>Site name</header><nav><a href="/">Home</a></nav>
      <main><h1>Hello world</h1><p>Three more words</p></main>
      <aside>Sidebar</aside><footer>Footer text</footer>
      <script>var notText = 1;</script><style>p{}</style><template>tpl</template>
      <noscript>enable js</noscript></body></html>`);
    expect(result.text).toBe('Hello world Three more words');
    expect(result.wordCount).toBe(5);
  });

  it('skips hidden elements', () => {
    const result = visible(`<body><p>shown</p><p hidden>a</p><p aria-hidden="true">b</p>
      <p style="color:red; display: none">c</p><p style="visibility:hidden">d</p>
      <div role="navigation">e</div></body>`);
    expect(result.words).toEqual(['shown']);
  });

  it('separates block elements and decodes entities', () => {
    const result = visible('<div>one</div><div>two&nbsp;&amp;&nbsp;three</div><p>a<br>b</p>');
    expect(result.words).toEqual(['one', 'two', 'three', 'a', 'b']);
  });

  it('does not count punctuation-only tokens', () => {
    expect(visible('<p>Hello — world !</p>').wordCount).toBe(2);
  });

  it('recognises inline hiding with !important', () => {
    const el = parseHtml('<p style="display:none !important">x</p>').children[0] as Element;
    expect(isHiddenElement(el)).toBe(true);
  });

  it('counts words like countWords on every kind of space, script and symbol', () => {
    const samples = [
      '',
      '   ',
      'one',
      ' one  two\tthree\nfour\r\nfive ',
      'a\u00a0b\u2003c\u3000d\ufeffe\u2028f\u202fg\u1680h\u205fi\u000bj\u000ck',
      // Not \s: U+0085 and U+200B stay inside a token.
      'x\u0085y z\u200bw',
      '— – … !!! ??? 42 3.14 -- ++',
      'Größe naïve café 東京 مرحبا Ελληνικά ١٢٣ ⅷ ²',
      '𝐀𝐁 😀 😀x ©®™ ¶§ ªº',
      'e\u0301 \u0301 \u0301a',
      '\ud800 lone\udc00 surrogates',
      '<tag> foo@bar.com http://x.test/a?b=c&d',
    ];
    for (const text of samples) {
      expect(wordCountOf(text), JSON.stringify(text)).toBe(countWords(text).length);
    }
  });

  it('agrees with countWords for every UTF-16 code unit between and around words', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [`a${ch}b`, `${ch}`, `- ${ch} -`]) {
        if (wordCountOf(text) !== countWords(text).length) {
          expect.fail(`U+${c.toString(16)} in ${JSON.stringify(text)}`);
        }
      }
    }
  });

  it('gives words and text consistent with the count', () => {
    const result = visible(
      '<div>Größe\u00a0naïve</div><p>—</p><p>東京 x</p><span>a</span><b>b</b>',
    );
    expect(result.words).toEqual(['Größe', 'naïve', '東京', 'x', 'ab']);
    expect(result.text).toBe('Größe naïve — 東京 x ab');
    expect(result.wordCount).toBe(result.words.length);
  });
});
