import { describe, expect, it } from 'vitest';
import { createPageContext } from '../page/page-context.ts';
import { makeArtifacts } from '../page/test-artifacts.ts';
import type { HttpsRedirectArtifact, RedirectProbe } from '../types.ts';
import { canonicalHostConfig, httpsRedirect } from './https-redirect.ts';

const HTTP = 'http://example.com/';
const TWIN = 'https://www.example.com/';
const HOME = 'https://example.com/';

const goodHttp: RedirectProbe = {
  url: HTTP,
  hops: [{ url: HTTP, status: 301, location: HOME }],
  finalUrl: HOME,
  status: 200,
};
const goodTwin: RedirectProbe = {
  url: TWIN,
  hops: [{ url: TWIN, status: 308, location: HOME }],
  finalUrl: HOME,
  status: 200,
};

function run(
  probes: Partial<HttpsRedirectArtifact> | undefined,
  { url = 'https://example.com/page', headers = {} as Record<string, string> } = {},
) {
  const artifacts = makeArtifacts({ fetch: { finalUrl: url, requestedUrl: url, headers } });
  return httpsRedirect.run(
    createPageContext({
      ...artifacts,
      ...(probes
        ? {
            httpsRedirect: {
              origin: new URL(url).origin,
              http: goodHttp,
              twin: goodTwin,
              ...probes,
            },
          }
        : {}),
    }),
  );
}

describe('https-redirect check', () => {
  it('passes a site whose http:// and www name reach https://host in one permanent hop', () => {
    const outcome = run({}, { headers: { 'strict-transport-security': 'max-age=63072000' } });
    expect(outcome.severity).toBe('success');
    expect(outcome.outcome).toBeUndefined();
    expect(outcome.message).toBe('The site settles on https://example.com');
    expect(outcome.why).toBe(
      'http:// redirects to https:// in one 301 and www.example.com redirects to example.com.',
    );
    expect(outcome.details).toMatchObject({ hsts: 'max-age=63072000' });
  });

  it('warns when http:// serves the page itself', () => {
    const outcome = run({ http: { url: HTTP, hops: [], finalUrl: HTTP, status: 200 } });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('http:// is served without a redirect to https://');
  });

  it('warns about a temporary redirect and about a chain', () => {
    const temporary = run({
      http: { ...goodHttp, hops: [{ url: HTTP, status: 302, location: HOME }] },
    });
    expect(temporary.message).toBe('http:// redirects to https:// with a temporary 302');
    const chain = run({
      http: {
        url: HTTP,
        hops: [
          { url: HTTP, status: 301, location: 'http://www.example.com/' },
          { url: 'http://www.example.com/', status: 301, location: TWIN },
          { url: TWIN, status: 301, location: HOME },
        ],
        finalUrl: HOME,
        status: 200,
      },
    });
    expect(chain.severity).toBe('warning');
    expect(chain.message).toBe('http:// reaches https:// in 3 redirects');
  });

  it('warns when http:// ends over http or on another site', () => {
    const plain = run({
      http: {
        url: HTTP,
        hops: [{ url: HTTP, status: 301, location: 'http://example.com/home' }],
        finalUrl: 'http://example.com/home',
        status: 200,
      },
    });
    expect(plain.message).toBe('http:// does not lead to https://');
    const away = run({
      http: {
        url: HTTP,
        hops: [{ url: HTTP, status: 301, location: 'https://other.example/' }],
        finalUrl: HTTP,
        status: 301,
        leftSite: true,
      },
    });
    expect(away.message).toBe('http:// redirects to another site');
  });

  it('warns when both names serve the site, or the twin has no valid certificate', () => {
    const both = run({ twin: { url: TWIN, hops: [], finalUrl: TWIN, status: 200 } });
    expect(both.message).toBe('Both example.com and www.example.com serve the site');
    const badCertificate = run({
      twin: { url: TWIN, hops: [], error: { code: 'ssl_error', message: 'altname mismatch' } },
    });
    expect(badCertificate.message).toBe('www.example.com has no valid certificate');
    const temporary = run({
      twin: { ...goodTwin, hops: [{ url: TWIN, status: 307, location: HOME }] },
    });
    expect(temporary.message).toBe('www.example.com redirects to example.com with a temporary 307');
  });

  it('lists every problem, and writes the redirect for the server that answered', () => {
    const outcome = run(
      {
        http: { url: HTTP, hops: [], finalUrl: HTTP, status: 200 },
        twin: { url: TWIN, hops: [], finalUrl: TWIN, status: 200 },
      },
      { headers: { server: 'nginx/1.27.0' } },
    );
    expect(outcome.details).toMatchObject({
      problems: [
        'http:// is served without a redirect to https://',
        'Both example.com and www.example.com serve the site',
      ],
      fixSnippet: canonicalHostConfig('nginx', 'example.com', 'www.example.com'),
    });
    expect(outcome.howToFix).toContain('return 301 https://example.com$request_uri;');
    const apache = run(
      { http: { url: HTTP, hops: [], finalUrl: HTTP, status: 200 } },
      { headers: { server: 'Apache/2.4' } },
    );
    expect(apache.details).toMatchObject({
      fixSnippet:
        'RewriteEngine On\nRewriteCond %{HTTPS} off [OR]\nRewriteCond %{HTTP_HOST} !^example\\.com$ [NC]\nRewriteRule ^ https://example.com%{REQUEST_URI} [R=301,L]',
    });
    const hidden = run({ http: { url: HTTP, hops: [], finalUrl: HTTP, status: 200 } });
    expect(hidden.details).not.toHaveProperty('fixSnippet');
    expect(hidden.howToFix).toContain('with one 301');
  });

  it('judges what answered and leaves out what could not be asked', () => {
    const noTwin = run({ twin: null });
    expect(noTwin.severity).toBe('success');
    expect(noTwin.message).toBe('The site settles on https://example.com');
    const nothing = run({
      http: { url: HTTP, hops: [], error: { code: 'fetch_failed', message: 'refused' } },
      twin: { url: TWIN, hops: [], error: { code: 'dns_error', message: 'no such host' } },
    });
    expect(nothing).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
    expect(nothing.why).toContain('http:// did not answer (refused)');
  });

  it('is not applicable to an http page and skipped when nothing was asked', () => {
    expect(run({}, { url: 'http://example.com/page' })).toMatchObject({
      severity: 'success',
      outcome: 'not_applicable',
    });
    expect(run(undefined)).toMatchObject({ severity: 'success', outcome: 'skipped' });
  });
});
