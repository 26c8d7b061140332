import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { wordCount } from './word-count.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const body = (inner: string) => `<html><head><title>t</title></head><body>${inner}</body></html>`;

describe('word-count check', () => {
  it('has stable meta', () => {
    expect(wordCount.meta).toMatchObject({ id: 'word-count' });
    expect(wordCount.meta.why).toContain('300');
  });

  it('passes 300 words or more', () => {
    const outcome = wordCount.run(makePage({ html: body(`<main><p>${words(300)}</p></main>`) }));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('300 words of content');
    expect(outcome.details).toEqual({ count: 300, renderedCount: null });
  });

  it('warns on thin content under 300 words', () => {
    const outcome = wordCount.run(makePage({ html: body(`<p>${words(299)}</p>`) }));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Thin content (299 words)');
  });

  it('uses the singular for one word', () => {
    expect(wordCount.run(makePage({ html: body('<p>Hello</p>') })).message).toBe(
      'Thin content (1 word)',
    );
  });

  it('does not count navigation, header, footer, aside or hidden text', () => {
    const chrome = `<header>${words(100)}</header><nav>${words(100)}</nav><aside>${words(100)}</aside>
      <footer>${words(100)}</footer><div hidden>${words(100)}</div><script>${words(100)}</script>`;
    const outcome = wordCount.run(
      makePage({ html: body(`${chrome}<p>only five words here now</p>`) }),
    );
    expect(outcome.details).toMatchObject({ count: 5 });
    expect(outcome.severity).toBe('warning');
  });

  it('is critical when there is no visible text', () => {
    const outcome = wordCount.run(makePage({ html: body('<nav>Home About</nav>') }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('No visible text in the page HTML');
    expect(outcome.why).not.toContain('script');
    expect(outcome.details).toEqual({ count: 0, renderedCount: null });
  });

  it('stays critical when the words exist only after rendering, and says why', () => {
    const outcome = wordCount.run(
      makePage({
        html: body('<div id="root"></div><script src="/app.js"></script>'),
        render: { status: 'rendered', html: body(`<div id="root"><p>${words(400)}</p></div>`) },
      }),
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.why).toContain('400 words appear only after script runs');
    expect(outcome.details).toEqual({ count: 0, renderedCount: 400 });
  });

  it('reports the rendered count next to the server count', () => {
    const outcome = wordCount.run(
      makePage({
        html: body(`<p>${words(350)}</p>`),
        render: { status: 'rendered', html: body(`<p>${words(360)}</p>`) },
      }),
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toEqual({ count: 350, renderedCount: 360 });
  });

  it('treats an empty render like a failed one for the explanation', () => {
    const outcome = wordCount.run(
      makePage({ html: body(''), render: { status: 'rendered', html: body('') } }),
    );
    expect(outcome.details).toEqual({ count: 0, renderedCount: 0 });
    expect(outcome.why).not.toContain('after script');
  });

  it('points at rendering on the server, not at writing more, when script writes the words (issue 27)', () => {
    const empty = wordCount.run(
      makePage({
        html: body(''),
        render: { status: 'rendered', html: body(`<p>${words(400)}</p>`) },
      }),
    );
    expect(empty.howToFix).toBe(
      'Render the main content on the server: after JavaScript the page has 400 words, but the HTML that crawlers read first has 0 words.',
    );
    const thin = wordCount.run(
      makePage({
        html: body(`<p>${words(40)}</p>`),
        render: { status: 'rendered', html: body(`<p>${words(400)}</p>`) },
      }),
    );
    expect(thin.severity).toBe('warning');
    expect(thin.howToFix).toContain('Render the main content on the server');
    expect(thin.why).toContain('appear only after script runs');
    const reallyThin = wordCount.run(makePage({ html: body(`<p>${words(40)}</p>`) }));
    expect(reallyThin.howToFix).toBeUndefined();
  });
});
