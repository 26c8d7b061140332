import { describe, expect, it } from 'vitest';
import {
  CLIENT_ONLY_ROUTES,
  emailConfirmedLanding,
  FEATURE_SLUGS,
  NOT_FOUND_HTML_PATH,
  PATHS,
  PRERENDERED_ROUTES,
  prerenderedHtmlPath,
  resolvePageRoute,
  SPA_FALLBACK_FILE,
  safeEmailLanding,
  safeReturnPath,
} from './routes.ts';

describe('route map', () => {
  it('prerenders every marketing page and each feature slug', () => {
    expect(PRERENDERED_ROUTES).toContain('/');
    expect(PRERENDERED_ROUTES).toContain('/partner');
    expect(PRERENDERED_ROUTES).toContain('/developers');
    for (const slug of FEATURE_SLUGS) expect(PRERENDERED_ROUTES).toContain(`/features/${slug}`);
    expect(PRERENDERED_ROUTES).toHaveLength(19);
    expect(CLIENT_ONLY_ROUTES).toEqual([
      '/report',
      '/auth',
      '/profile',
      '/history',
      '/compare',
      '/site-check',
      '/teams',
      '/team',
      '/invitation',
      '/sites',
    ]);
  });

  it('names the file of a prerendered route', () => {
    expect(prerenderedHtmlPath('/')).toBe('index.html');
    expect(prerenderedHtmlPath('/features/word-count')).toBe('features/word-count/index.html');
  });

  it('resolves a request path to its answer', () => {
    expect(resolvePageRoute('/')).toEqual({ kind: 'prerendered', status: 200, file: 'index.html' });
    expect(resolvePageRoute('/pricing/')).toMatchObject({ file: 'pricing/index.html' });
    expect(resolvePageRoute('/report')).toEqual({
      kind: 'client-only',
      status: 200,
      file: SPA_FALLBACK_FILE,
    });
    expect(resolvePageRoute('/features/nope')).toEqual({
      kind: 'not-found',
      status: 404,
      file: NOT_FOUND_HTML_PATH,
    });
    expect(resolvePageRoute('/404').status).toBe(404);
    for (const path of ['/teams', '/team', '/invitation']) {
      expect(resolvePageRoute(path).kind, path).toBe('client-only');
    }
  });
});

describe('safeReturnPath', () => {
  it('accepts only a report, a page history or a comparison of this site', () => {
    expect(safeReturnPath('/report?token=abc_DEF-123')).toBe('/report?token=abc_DEF-123');
    const history = PATHS.historyFor('https://example.com/a?b=1');
    expect(safeReturnPath(history)).toBe(history);
    expect(safeReturnPath(PATHS.compareFor('old_1', 'new-2'))).toBe('/compare?a=old_1&b=new-2');
    for (const bad of [
      null,
      '',
      '/',
      '//evil.example/report?token=x',
      'https://evil.example',
      '/report?token=x&next=//evil',
      '/profile',
      '/history?url=https://evil.example',
      '/compare?a=x&b=y&next=//evil',
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(PATHS.authThenReturnTo('/report?token=abc')).toBe('/auth?next=%2Freport%3Ftoken%3Dabc');
  });
});

describe('safeEmailLanding', () => {
  it('keeps a landing made for the root or a safe return path', () => {
    expect(safeEmailLanding(emailConfirmedLanding('/'))).toBe('/?emailConfirmed=1');
    const report = emailConfirmedLanding('/report?token=abc');
    expect(safeEmailLanding(report)).toBe(report);
  });

  it('sends anything else to the root', () => {
    for (const hostile of [
      undefined,
      42,
      '/',
      'https://evil.example/?emailConfirmed=1',
      '//evil.example/?emailConfirmed=1',
      '/admin?emailConfirmed=1',
      '/report?token=a b&emailConfirmed=1',
    ]) {
      expect(safeEmailLanding(hostile)).toBe('/?emailConfirmed=1');
    }
  });
});
