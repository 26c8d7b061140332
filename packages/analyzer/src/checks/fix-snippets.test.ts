import { describe, expect, it } from 'vitest';
import { trimAtPhraseBoundary } from './fix-snippets.ts';

describe('trimAtPhraseBoundary', () => {
  it('keeps a value that fits', () => {
    expect(trimAtPhraseBoundary('Oak tables', 60)).toBe('Oak tables');
  });

  it('never cuts inside a word', () => {
    expect(trimAtPhraseBoundary('x'.repeat(70), 60)).toBeNull();
    expect(trimAtPhraseBoundary(`Oak ${'x'.repeat(70)}`, 60)).toBeNull();
  });

  it('drops the phrase the cut broke into, and words that cannot end a title', () => {
    expect(
      trimAtPhraseBoundary(
        'Handmade solid oak dining tables built to order in our workshop near Lyon, France',
        60,
      ),
    ).toBe('Handmade solid oak dining tables built to order');
    expect(
      trimAtPhraseBoundary(
        'Buy the best running shoes for men and women online with free delivery and returns',
        60,
      ),
    ).toBe('Buy the best running shoes for men and women online');
  });
});
