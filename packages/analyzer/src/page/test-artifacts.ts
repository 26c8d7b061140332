import type { Artifacts, FetchArtifact, RenderArtifact, RobotsArtifact } from '../types.ts';
import { createPageContext, type PageContext } from './page-context.ts';

/** Hand-built artifacts for check unit tests: a healthy https page unless overridden. */
export interface ArtifactOverrides {
  html?: string;
  fetch?: Partial<FetchArtifact>;
  robots?: Partial<RobotsArtifact>;
  render?: RenderArtifact;
}

export function makeArtifacts(overrides: ArtifactOverrides = {}): Artifacts {
  const html = overrides.html ?? overrides.fetch?.html ?? '<html><head></head><body></body></html>';
  const url = overrides.fetch?.finalUrl ?? 'https://example.com/page';
  return {
    fetch: {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      redirects: [],
      ttfbMs: 120,
      totalMs: 300,
      tls: url.startsWith('https:') ? { valid: true, protocol: 'TLSv1.3' } : null,
      rawBytes: html.length,
      decodedBytes: html.length,
      contentEncoding: null,
      acceptEncoding: 'gzip, deflate, br',
      contentType: 'text/html; charset=utf-8',
      charset: 'utf-8',
      byteOrderMark: false,
      fetchedAt: '2026-11-22T00:00:00.000Z',
      ...overrides.fetch,
      html,
    },
    robots: {
      url: new URL('/robots.txt', url).href,
      status: 'ok',
      allowedForGooglebot: true,
      ...overrides.robots,
    },
    render: overrides.render ?? { status: 'skipped', reason: 'No headless browser in unit tests' },
  };
}

export function makePage(overrides: ArtifactOverrides = {}): PageContext {
  return createPageContext(makeArtifacts(overrides));
}
