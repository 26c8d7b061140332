import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { FaviconArtifact } from '../types.ts';
import { favicon } from './favicon.ts';

const ICO = 'https://example.com/favicon.ico';
const found: FaviconArtifact = {
  url: ICO,
  status: 'image',
  httpStatus: 200,
  contentType: 'image/x-icon',
  format: 'ico',
};
const notFound: FaviconArtifact = { url: ICO, status: 'missing', httpStatus: 404 };

function run(head: string, file?: FaviconArtifact, body = '') {
  const html = `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;
  return favicon.run(
    createPageContext({ ...makeArtifacts({ html }), ...(file ? { favicon: file } : {}) }),
  );
}

describe('favicon check', () => {
  it('passes a page that declares an icon, whatever /favicon.ico answers', () => {
    for (const rel of [
      'icon',
      'shortcut icon',
      'apple-touch-icon',
      'Apple-Touch-Icon-Precomposed',
    ]) {
      const outcome = run(`<link rel="${rel}" href="/img/icon.png">`, notFound);
      expect(outcome.severity, rel).toBe('success');
      expect(outcome.message).toBe('The page declares an icon');
      expect(outcome.details).toMatchObject({ declared: ['https://example.com/img/icon.png'] });
    }
  });

  it('passes a page without a link when /favicon.ico answers an image', () => {
    const outcome = run('', found);
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('/favicon.ico answers an image (ICO)');
    expect(outcome.details).toMatchObject({ declared: [], faviconIco: { status: 'image' } });
  });

  it('warns with a ready-to-paste link when neither is there', () => {
    const outcome = run('', notFound);
    expect(outcome.severity).toBe('warning');
    expect(outcome.outcome).toBeUndefined();
    expect(outcome.message).toBe('No favicon');
    expect(outcome.why).toContain('https://example.com/favicon.ico answers HTTP 404');
    expect(outcome.details).toMatchObject({
      fixSnippet: '<link rel="icon" href="/favicon.ico" sizes="48x48">',
    });
    expect(outcome.howToFix).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48">');
  });

  it('warns when /favicon.ico answers an HTML page, and names a link the head does not hold', () => {
    const outcome = run(
      '',
      { url: ICO, status: 'not-image', httpStatus: 200, contentType: 'text/html', format: null },
      '<link rel="icon" href="/late.png">',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.why).toContain('answers a text/html document, not an image');
    expect(outcome.why).toContain('The icon link on line 1 does not count');
    expect((outcome.details as { ignored: unknown[] }).ignored).toHaveLength(1);
  });

  it('does not count a link without an href', () => {
    expect(run('<link rel="icon">', notFound).severity).toBe('warning');
  });

  it('is skipped, at no cost, when /favicon.ico could not be fetched or was not asked', () => {
    const unreachable = run('', { url: ICO, status: 'unreachable', detail: 'HTTP 503' });
    expect(unreachable).toMatchObject({ severity: 'success', outcome: 'skipped' });
    expect(unreachable.why).toContain('/favicon.ico could not be fetched (HTTP 503)');
    expect(run('')).toMatchObject({ severity: 'success', outcome: 'skipped' });
  });
});
