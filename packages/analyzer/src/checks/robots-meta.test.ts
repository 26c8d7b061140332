import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { googlebotHeaderDirectives, robotsMeta } from './robots-meta.ts';

const run = (head: string, headers: Record<string, string> = {}, renderedHead?: string) =>
  robotsMeta.run(
    makePage({
      html: `<html><head>${head}</head><body><p>Hello</p></body></html>`,
      fetch: { headers: { 'content-type': 'text/html', ...headers } },
      ...(renderedHead === undefined
        ? {}
        : {
            render: {
              status: 'rendered' as const,
              html: `<html><head>${renderedHead}</head><body><p>Hello</p></body></html>`,
            },
          }),
    }),
  );

describe('robots-meta check', () => {
  it('has stable meta', () => {
    expect(robotsMeta.meta).toMatchObject({ id: 'robots-meta' });
  });

  it('passes without any directive', () => {
    expect(run('')).toEqual({
      severity: 'success',
      message: 'Indexing is allowed (no robots directives)',
      details: { directives: [], noindex: false, nofollow: false, ignored: [] },
    });
  });

  it('passes directives that allow indexing', () => {
    const outcome = run('<meta name="robots" content="index, follow, max-snippet:-1">');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Robots directives allow indexing');
    expect(outcome.details?.directives).toEqual([
      {
        source: '<meta name="robots">',
        value: 'index, follow, max-snippet:-1',
        directives: ['index', 'follow', 'max-snippet:-1'],
      },
    ]);
  });

  it('is critical on noindex in meta robots, whatever the case', () => {
    const outcome = run('<meta name="ROBOTS" content="NoIndex">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page tells search engines not to index it');
    expect(outcome.why).toContain('<meta name="robots"> says noindex');
    expect(outcome.details).toMatchObject({ noindex: true, nofollow: false });
  });

  it('is critical on none in meta googlebot, which also means nofollow', () => {
    const outcome = run('<meta name="googlebot" content="none">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({ noindex: true, nofollow: true });
  });

  it('is critical on noindex in the X-Robots-Tag header', () => {
    const outcome = run('', { 'x-robots-tag': 'noindex' });
    expect(outcome.severity).toBe('critical');
    expect(outcome.why).toContain('X-Robots-Tag header says noindex');
  });

  it('is critical when script adds noindex to the rendered page', () => {
    const outcome = run('', {}, '<meta name="robots" content="noindex">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.why).toContain('<meta name="robots"> added by JavaScript says noindex');
  });

  it('does not list a rendered copy of a server directive twice', () => {
    const tag = '<meta name="robots" content="nofollow">';
    const outcome = run(tag, {}, tag);
    expect(outcome.details?.directives).toHaveLength(1);
  });

  it('warns on nofollow', () => {
    const outcome = run('<meta name="robots" content="index,nofollow">');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The page tells search engines not to follow its links');
    expect(outcome.details).toMatchObject({ noindex: false, nofollow: true });
  });

  it('ignores header directives scoped to other crawlers', () => {
    const outcome = run('', { 'x-robots-tag': 'otherbot: noindex, nofollow' });
    expect(outcome.severity).toBe('success');
  });

  it('ignores meta tags for other crawlers', () => {
    expect(run('<meta name="bingbot" content="noindex">').severity).toBe('success');
  });

  it('warns that a noindex after the end of the head is ignored, naming the cause', () => {
    const outcome = run(
      '<title>T</title>\n<iframe></iframe>\n<meta name="robots" content="noindex">',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe(
      'A noindex directive is ignored: the head ended at <iframe> on line 2',
    );
    expect(outcome.why).toContain('The <meta name="robots"> on line 3 is ignored');
    expect(outcome.details).toMatchObject({ noindex: false, directives: [] });
  });

  it('warns about an ignored nofollow in the body', () => {
    const outcome = robotsMeta.run(
      makePage({ html: '<head></head><body><meta name="googlebot" content="nofollow"></body>' }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('A nofollow directive is ignored: it is in the <body>');
  });

  it('reports an effective noindex before an ignored one', () => {
    const outcome = run(
      '<meta name="robots" content="noindex"><img src="x.png"><meta name="robots" content="noindex">',
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({ ignored: [{ element: '<meta name="robots">' }] });
  });

  it('does not read a robots directive from property=', () => {
    const outcome = run('<meta property="robots" content="noindex">');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe(
      'A noindex directive is ignored: it uses property=, and robots is read from <meta name="robots">',
    );
    expect(outcome.details).toMatchObject({ noindex: false });
  });
});

describe('googlebotHeaderDirectives', () => {
  it.each([
    ['noindex', ['noindex']],
    ['googlebot: noindex', ['noindex']],
    ['GoogleBot: nofollow, otherbot: noindex, noarchive', ['nofollow']],
    ['otherbot: noindex, googlebot: nofollow', ['nofollow']],
    [
      'unavailable_after: 25 Jun 2010 15:00:00 PST',
      ['unavailable_after: 25 jun 2010 15:00:00 pst'],
    ],
    ['max-snippet: 20, noindex nofollow', ['max-snippet: 20', 'noindex', 'nofollow']],
  ])('%s → %j', (value, expected) => {
    expect(googlebotHeaderDirectives(value)).toEqual(expected);
  });
});

describe('robots-meta fix', () => {
  it('rewrites the tag without noindex, keeping its other directives', () => {
    const outcome = run('<meta name="robots" content="noindex, max-snippet:50">');
    expect(outcome.howToFix).toBe(
      'Replace <meta name="robots" content="noindex, max-snippet:50"> with <meta name="robots" content="max-snippet:50">.',
    );
    expect(outcome.details?.fixSnippet).toBe('<meta name="robots" content="max-snippet:50">');
  });

  it('removes a tag that says only noindex or none, with no snippet', () => {
    const outcome = run('<meta name="googlebot" content="none">');
    expect(outcome.howToFix).toBe('Remove <meta name="googlebot" content="none">.');
    expect(outcome.details?.fixSnippet).toBeUndefined();
  });

  it('rewrites or drops the X-Robots-Tag header, and names a per-crawler one', () => {
    expect(run('', { 'x-robots-tag': 'noindex, noarchive' }).details?.fixSnippet).toBe(
      'X-Robots-Tag: noarchive',
    );
    expect(run('', { 'x-robots-tag': 'noindex' }).howToFix).toBe(
      'Stop sending the X-Robots-Tag header ("noindex").',
    );
    expect(run('', { 'x-robots-tag': 'googlebot: noindex, bingbot: nofollow' }).howToFix).toBe(
      'Remove noindex from the Googlebot part of the X-Robots-Tag header ("googlebot: noindex, bingbot: nofollow").',
    );
  });

  it('points at the script that adds noindex', () => {
    const outcome = run('', {}, '<meta name="robots" content="noindex">');
    expect(outcome.howToFix).toBe('Stop the script that adds <meta name="robots"> with noindex.');
  });

  it('rewrites a nofollow tag', () => {
    expect(run('<meta name="robots" content="index, nofollow">').details?.fixSnippet).toBe(
      '<meta name="robots" content="index">',
    );
  });

  it('gives no fix when indexing is allowed', () => {
    expect(run('<meta name="robots" content="index, follow">').howToFix).toBeUndefined();
  });
});
