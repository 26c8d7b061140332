import { describe, expect, it } from 'vitest';
import { detailsPlainText, keyLabel } from './finding-details.ts';

describe('detailsPlainText', () => {
  it('writes each key as a labelled line, lists of records one item a line', () => {
    expect(
      detailsPlainText({
        serverWords: 0,
        renderedWords: 400,
        missing: true,
        images: [
          { src: 'a.png', alt: null },
          { src: 'b.png', alt: '' },
        ],
        fixSnippet: '<title>x</title>',
        sides: { server: null, rendered: 'Oak' },
      }),
    ).toBe(
      [
        'Server words: 0',
        'Rendered words: 400',
        'Missing: Yes',
        'Images:',
        '  - Src: a.png · Alt: —',
        '  - Src: b.png · Alt: (empty)',
        'Sides:',
        '  Server: —',
        '  Rendered: Oak',
      ].join('\n'),
    );
    expect(keyLabel('og_image-url')).toBe('Og image url');
  });
});
