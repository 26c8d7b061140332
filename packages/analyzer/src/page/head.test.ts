import { describe, expect, it } from 'vitest';
import { elementIndex } from './dom.ts';
import { headCut, inHead, lineAt, notInHeadReason } from './head.ts';
import { parseHtml } from './html-parser.ts';

/** The elements the parser puts into the head, as "name" or "name#id", and the cut. */
function head(html: string) {
  const doc = parseHtml(html);
  const elements = elementIndex(doc)
    .all.filter((el) => inHead(doc, el))
    .map((el) => (el.attribs.id ? `${el.name}#${el.attribs.id}` : el.name));
  const cut = headCut(doc);
  return { elements, cut: cut && `${cut.by} on line ${cut.line}` };
}

describe('where the head ends (WHATWG "in head" insertion mode)', () => {
  it('keeps every head element of an ordinary head', () => {
    expect(
      head(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title>' +
          '<base href="/"><link rel="canonical" href="/x"><style>p{}</style>' +
          '<script>if (a < b) x()</script><noscript><img src=p></noscript>' +
          '<template><div>inert</div></template><meta name="description" content="d">' +
          '</head><body><meta id="late"></body></html>',
      ),
    ).toEqual({
      elements: [
        'meta',
        'title',
        'base',
        'link',
        'style',
        'script',
        'noscript',
        'template',
        'meta',
      ],
      cut: null,
    });
  });

  it.each([
    ['an <iframe>', '<iframe src="javascript:false"></iframe>', '<iframe> on line 2'],
    ['an <img>', '<img src="/favicon.ico">', '<img> on line 2'],
    ['a <div>', '<div>', '<div> on line 2'],
    ['stray text', 'oops', 'the text "oops" on line 2'],
    ['a character reference', '&copy;', 'the text "©" on line 2'],
    ['a non-breaking space', '&nbsp;', 'the text "&nbsp;" on line 2'],
    ['a NUL character', '\0', 'the text "U+0000" on line 2'],
    ['an end tag </br>', '</br>', '</br> on line 2'],
    ['an end tag </body>', '</body>', '</body> on line 2'],
  ])('is cut short by %s: what follows is body content', (_, cut, expected) => {
    const html = `<html><head><title>T</title>\n  ${cut}<meta id="after"><link id="l" rel="canonical" href="/c">\n</head><body></body></html>`;
    expect(head(html)).toEqual({ elements: ['title'], cut: expected });
  });

  it('ignores whitespace, comments and stray end tags in the head', () => {
    expect(head('<head>\n\t <!-- c --></div></p><meta id="m"></head>')).toEqual({
      elements: ['meta#m'],
      cut: null,
    });
  });

  it('implies the head when a page starts without one', () => {
    expect(head('<meta id="a"><title>T</title><p>text</p><meta id="b">')).toEqual({
      elements: ['meta#a', 'title'],
      cut: '<p> on line 1',
    });
    expect(head('Hello <meta id="b">')).toEqual({
      elements: [],
      cut: 'the text "Hello" on line 1',
    });
  });

  it('ends normally at <body>, and puts metadata between </head> and <body> into the head', () => {
    expect(
      head(
        '<head><title>T</title></head>\n<meta id="between"><script></script>\n<body><meta id="in"></body>',
      ),
    ).toEqual({ elements: ['title', 'meta#between', 'script'], cut: null });
    expect(head('<head></head><noscript id="n"></noscript><meta id="m">')).toEqual({
      elements: [],
      cut: null,
    });
  });

  it('reads title, script, style and noscript content as text, not as elements', () => {
    expect(
      head(
        '<head><title><img></title><noscript><iframe></iframe><meta id="in-noscript"></noscript>' +
          '<style><div></style><meta id="after"></head>',
      ),
    ).toEqual({ elements: ['title', 'noscript', 'style', 'meta#after'], cut: null });
  });

  it('skips nested template content', () => {
    expect(
      head('<head><template><template><p></p></template><img></template><meta id="m"></head>'),
    ).toEqual({ elements: ['template', 'meta#m'], cut: null });
  });

  it('says why an element is not read as metadata', () => {
    const doc = parseHtml(
      '<head><noscript><meta id="ns"></noscript><iframe></iframe>\n<meta id="late"></head>' +
        '<body><template><meta id="t"></template></body>',
    );
    const byId = (id: string) => elementIndex(doc).all.find((el) => el.attribs.id === id)!;
    expect(notInHeadReason(doc, byId('ns'))).toMatch(/inside <noscript>/);
    expect(notInHeadReason(doc, byId('late'))).toBe('the head ended at <iframe> on line 1');
    expect(lineAt(doc, byId('late').startIndex!)).toBe(2);
  });
});
