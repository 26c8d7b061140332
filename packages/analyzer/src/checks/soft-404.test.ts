import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { UnknownPathArtifact } from '../types.ts';
import { notFoundPhrase, soft404 } from './soft-404.ts';

const PROBE = 'https://example.com/crawlwise-404-check-0123456789abcdef';
const honest: UnknownPathArtifact = { url: PROBE, status: 'answered', httpStatus: 404 };
const lenient: UnknownPathArtifact = { url: PROBE, status: 'answered', httpStatus: 200 };

function run(
  { title = 'Oak tables', h1 = 'Oak tables', text = 'word '.repeat(400), status = 200 } = {},
  probe: UnknownPathArtifact | undefined = honest,
) {
  const html = `<html><head><title>${title}</title></head><body><main><h1>${h1}</h1><p>${text}</p></main></body></html>`;
  return soft404.run(
    createPageContext({
      ...makeArtifacts({ html, fetch: { status } }),
      ...(probe ? { unknownPath: probe } : {}),
    }),
  );
}

describe('soft-404 check', () => {
  it('passes a real page on a site that answers unknown addresses with 404', () => {
    const outcome = run();
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('No soft 404');
    expect(outcome.details).toMatchObject({ unknownPath: { httpStatus: 404 } });
  });

  it('is critical for a thin 200 page whose title or H1 says not found, in many languages', () => {
    const titles = [
      'Page not found | Shop',
      '404',
      'Error 404 – Example',
      'Seite nicht gefunden',
      'Page introuvable',
      'Página no encontrada',
      'Pagina non trovata',
      'Página não encontrada',
      'Pagina niet gevonden',
      'Nie znaleziono strony',
      'ページが見つかりません',
      '页面不存在',
    ];
    for (const title of titles) {
      const outcome = run({ title, text: 'Try the search or go home.' });
      expect(outcome.severity, title).toBe('critical');
      expect(outcome.details).toMatchObject({ reason: 'title' });
    }
    const byH1 = run({ h1: "Sorry, we couldn't find that page", text: 'Go home.' });
    expect(byH1).toMatchObject({ severity: 'critical', details: { reason: 'H1' } });
  });

  it('is critical for very thin text that says it, and names a lenient site too', () => {
    const outcome = run(
      { title: 'Shop', h1: 'Shop', text: 'The page you asked for does not exist.' },
      lenient,
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toMatchObject({ reason: 'text' });
    expect(outcome.why).toContain(
      `The site answers 200 for an address that cannot exist (${PROBE})`,
    );
  });

  it('leaves a real page about errors alone, and a product that is called 404', () => {
    expect(
      run({ title: 'How to fix a 404 not found error', text: 'word '.repeat(800) }).severity,
    ).toBe('success');
    expect(run({ title: 'Model 404 oak table', text: 'Solid oak, seats six.' }).severity).toBe(
      'success',
    );
  });

  it('warns on every page of a site whose unknown addresses answer 200', () => {
    const outcome = run({}, lenient);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The site answers 200 for addresses that do not exist');
    const home = run({}, { ...lenient, finalUrl: 'https://example.com/', redirects: 1 });
    expect(home.why).toContain('after 1 redirect to https://example.com/');
  });

  it('does not judge a page that is not 2xx, nor the site when the probe failed', () => {
    expect(run({ title: 'Not found', status: 404 })).toMatchObject({
      severity: 'success',
      outcome: 'not_applicable',
    });
    const failed = run({}, { url: PROBE, status: 'unreachable', detail: 'HTTP 503' });
    expect(failed.severity).toBe('success');
    expect(failed.why).toContain('was not checked (HTTP 503)');
    expect(run({}, undefined).severity).toBe('success');
  });
});

describe('notFoundPhrase', () => {
  it('names the language and ignores ordinary text', () => {
    expect(notFoundPhrase('Seite wurde nicht gefunden')).toBe('de');
    expect(notFoundPhrase('找不到網頁')).toBe('zh');
    expect(notFoundPhrase('Our opening hours')).toBeNull();
    expect(notFoundPhrase('')).toBeNull();
  });
});
