import { type AnyNode, Element, isTag, isText, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { cpuStopwatch } from '../thread-cpu.ts';
import { PARSER_OPTIONS, parseHtml } from './html-parser.ts';

/** A tree as plain data, to compare two parsers' output. */
function shape(node: AnyNode): unknown {
  if (isText(node)) return node.data;
  const children = (node as { children?: AnyNode[] }).children ?? [];
  const kids = children.map(shape);
  return isTag(node)
    ? { name: node.name, attribs: node.attribs, start: node.startIndex, kids }
    : kids;
}

/** Markup that exercises every use the parser makes of its stacks. */
const TRICKY = [
  '<p>one<p>two<div>three</p>four',
  '<ul><li>a<li>b</ul><table><tr><td>1<td>2<tr><td>3</table>',
  '<form><input><form><input></form></form><select><option>a<option>b</select>',
  '<svg><clipPath><foreignObject><p>x</p></foreignObject></clipPath><linearGradient/></svg>',
  '<math><mi><b>x</b></mi></math><svg viewBox="0 0 1 1"><title>t</title></svg>',
  '<a href=1><a href=2>x</a></a><b><i>y</b>z</i></b></x></p><br></br>',
  '<h1><h2>x</h1></h2><dd><dt>q<rt>r<rp>s',
  '<div><span>unclosed <em>at <strong>the end',
];

describe('parseHtml', () => {
  it.each(TRICKY)('builds the same tree as htmlparser2 for %s', (html) => {
    expect(shape(parseHtml(html))).toEqual(shape(parseDocument(html, PARSER_OPTIONS)));
  });

  it("builds domhandler's own nodes: same properties in the same order, same prototypes", () => {
    const html = '<p class="a">one <b>two</b><script>x()</script><style>p{}</style><!--c--></p>';
    const ours = parseHtml(html);
    const stock = parseDocument(html, PARSER_OPTIONS);
    const nodes = (root: AnyNode): AnyNode[] => {
      const children = (root as { children?: AnyNode[] }).children ?? [];
      return [root, ...children.flatMap(nodes)];
    };
    const [a, b] = [nodes(ours), nodes(stock)];
    expect(a.length).toBe(b.length);
    a.forEach((node, i) => {
      const other = b[i]!;
      expect(Object.getPrototypeOf(node)).toBe(Object.getPrototypeOf(other));
      expect(Object.keys(node)).toEqual(Object.keys(other));
      expect(node.type).toBe(other.type);
    });
    const p = ours.children[0] as Element;
    expect(p).toBeInstanceOf(Element);
    expect(p.tagName).toBe('p');
    expect(p.firstChild).toBeInstanceOf(Text);
    expect((p.cloneNode(true) as Element).children.length).toBe(p.children.length);
  });

  it('records where each element starts in the source', () => {
    const html = '<p>a</p>\n<div id="x">b</div>';
    const div = parseHtml(html).children.find((node) => isTag(node) && node.name === 'div');
    expect(div?.startIndex).toBe(html.indexOf('<div'));
  });

  it('is linear in nesting depth', () => {
    // The stock parser's unshift/shift stack is quadratic: 200k levels cost it seconds.
    const time = (depth: number) => {
      const html = `${'<i>'.repeat(depth)}${'</b>'.repeat(depth / 2)}x`;
      const elapsed = cpuStopwatch();
      parseHtml(html);
      return elapsed();
    };
    time(20_000);
    const deep = time(200_000);
    expect(deep).toBeLessThan(2_000);
  });
});
