import { describe, expect, it } from 'vitest';
import { diffTextBlocks } from './text-blocks-diff.ts';

describe('diffTextBlocks', () => {
  it("marks the blocks both pages have, case and spacing aside, in each page's order", () => {
    const { a, b } = diffTextBlocks(
      ['Red shoes', 'Free delivery on every order.', 'Size guide'],
      ['Blue shoes', 'Size  GUIDE', 'free delivery on every order.'],
    );
    expect(a).toEqual([
      { text: 'Red shoes', shared: false },
      { text: 'Free delivery on every order.', shared: true },
      { text: 'Size guide', shared: true },
    ]);
    expect(b).toEqual([
      { text: 'Blue shoes', shared: false },
      { text: 'Size  GUIDE', shared: true },
      { text: 'free delivery on every order.', shared: true },
    ]);
  });

  it('matches a repeated block only as often as the other page has it', () => {
    const { a, b } = diffTextBlocks(['Buy now', 'Buy now', 'Intro'], ['Buy now']);
    expect(a.map((block) => block.shared)).toEqual([true, false, false]);
    expect(b.map((block) => block.shared)).toEqual([true]);
  });

  it('handles empty sides', () => {
    expect(diffTextBlocks([], ['Only here'])).toEqual({
      a: [],
      b: [{ text: 'Only here', shared: false }],
    });
  });
});
