import { describe, expect, it } from 'vitest';
import { type Element, parseHtml } from './dom.ts';
import { extractVisibleText, isHiddenElement } from './visible-text.ts';

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
});
