import { MAX_TEXT_BLOCK_CHARS, MAX_TEXT_EXCERPT_BYTES } from '@crawlwise/shared/site-findings';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../page/html-parser.ts';
import { extractVisibleText } from '../page/visible-text.ts';
import { textExcerptOf } from './text-excerpt.ts';

describe('textExcerptOf', () => {
  it('keeps every block of a short text, in order', () => {
    expect(textExcerptOf(['Title', 'First paragraph.', 'Second.'])).toEqual({
      blocks: ['Title', 'First paragraph.', 'Second.'],
      truncated: false,
    });
  });

  it('stops at the byte budget (UTF-8) and says the text was cut', () => {
    const block = 'é'.repeat(400); // 800 bytes
    const excerpt = textExcerptOf(Array.from({ length: 20 }, () => block));
    expect(excerpt.truncated).toBe(true);
    expect(excerpt.blocks).toHaveLength(Math.floor(MAX_TEXT_EXCERPT_BYTES / 800));
  });

  it('cuts one huge block instead of dropping everything after it', () => {
    const excerpt = textExcerptOf(['x'.repeat(5000), 'after']);
    expect(excerpt.blocks[0]).toHaveLength(MAX_TEXT_BLOCK_CHARS);
    expect(excerpt.blocks[0]!.endsWith('…')).toBe(true);
    expect(excerpt.blocks[1]).toBe('after');
    expect(excerpt.truncated).toBe(true);
  });
});

describe('visible text blocks', () => {
  it('splits the main text at block elements, not at source line breaks', () => {
    const text = extractVisibleText(
      parseHtml(`<html><body><nav>Menu</nav><main><h1>Shoes</h1>
        <p>Red shoes,
        made to last.</p><ul><li>One</li><li>Two <b>bold</b></li></ul></main>
        <footer>Footer</footer></body></html>`),
    );
    expect(text.blocks).toEqual(['Shoes', 'Red shoes, made to last.', 'One', 'Two bold']);
    expect(text.text).toBe('Shoes Red shoes, made to last. One Two bold');
    expect(text.wordCount).toBe(9);
  });
});
