import { describe, expect, it } from 'vitest';
import { parseHtml } from './html-parser.ts';
import { attributesFor, linkLookup, metaLookup, metaValues, titleLookup } from './metadata.ts';

const PAGE = `<!doctype html><html><head>
<title>Head title</title>
<meta name="Description" content=" first   one ">
<link rel="Canonical" href="/a">
<link rel="alternate" hreflang="de" href="/de">
<iframe src="javascript:false"></iframe>
<meta name="description" content="after the iframe">
<link rel="canonical" href="/b">
</head><body>
<svg><title>icon</title></svg>
<title>Body title</title>
</body></html>`;

describe('metadata lookups read the real head', () => {
  const doc = parseHtml(PAGE);

  it('returns the head elements and the ignored ones with line and reason', () => {
    expect(metaValues(doc, 'DESCRIPTION')).toEqual(['first one']);
    expect(metaLookup(doc, 'description').ignored).toEqual([
      {
        element: '<meta name="description">',
        line: 7,
        reason: 'the head ended at <iframe> on line 6',
      },
    ]);
    const canonical = linkLookup(doc, 'canonical');
    expect(canonical.head.map((el) => el.attribs.href)).toEqual(['/a']);
    expect(canonical.ignored).toEqual([
      {
        element: '<link rel="canonical">',
        line: 8,
        reason: 'the head ended at <iframe> on line 6',
      },
    ]);
    expect(canonical.ignoredElements.map((el) => el.attribs.href)).toEqual(['/b']);
    expect(linkLookup(doc, 'alternate', 'hreflang').head).toHaveLength(1);
  });

  it('leaves SVG titles out and reports a body title as ignored', () => {
    const titles = titleLookup(doc);
    expect(titles.head).toHaveLength(1);
    expect(titles.ignored).toEqual([
      { element: '<title>', line: 11, reason: 'the head ended at <iframe> on line 6' },
    ]);
  });

  it('hands out fresh values, so a caller cannot change what the next one sees', () => {
    metaValues(doc, 'description').pop();
    expect(metaValues(doc, 'description')).toEqual(['first one']);
  });
});

describe('which attribute names a <meta>', () => {
  it('reads HTML names from name= only, Open Graph and Twitter from both', () => {
    expect(attributesFor('description')).toEqual(['name']);
    expect(attributesFor('Robots')).toEqual(['name']);
    expect(attributesFor('viewport')).toEqual(['name']);
    expect(attributesFor('og:title')).toEqual(['property', 'name']);
    expect(attributesFor('twitter:card')).toEqual(['name', 'property']);
  });

  it('lists a tag named by the wrong attribute as ignored, even in the head', () => {
    const doc = parseHtml(
      '<head><meta property="description" content="p"><meta name="og:title" content="n"></head>',
    );
    expect(metaValues(doc, 'description')).toEqual([]);
    expect(metaLookup(doc, 'description').ignored).toEqual([
      {
        element: '<meta property="description">',
        line: 1,
        reason: 'it uses property=, and description is read from <meta name="description">',
      },
    ]);
    expect(metaValues(doc, 'og:title')).toEqual(['n']);
  });
});
