import { getDomain } from 'tldts';
import { isAnalysisError } from '../analysis-error.ts';
import type { HttpsRedirectArtifact, RedirectProbe } from '../types.ts';
import { DEFAULT_USER_AGENT } from './fetch-page.ts';
import { guardedFetch } from './http-fetch.ts';
import type { OriginFileOptions } from './origin-file.ts';

/**
 * How an https origin answers its other spellings, for the `https-redirect` check: its
 * `http://` address and its `www` / non-`www` twin, each asked at the root and followed hop by
 * hop through the guarded fetch (the address guard on every hop). A probe follows redirects only
 * between the site's two host names, at most REDIRECT_PROBE_MAX_HOPS of them, and stops at the
 * first one that leaves (recorded, not followed); no body is read. Asked once per origin and kept
 * like robots.txt (origin-probes.ts).
 */

export const REDIRECT_PROBE_TIMEOUT_MS = 3000;
export const REDIRECT_PROBE_MAX_HOPS = 4;

/**
 * The `www` twin of a host: `example.com` ↔ `www.example.com`. Only a registrable domain (by the
 * public suffix list) or its `www.` name has one; an IP address, `localhost` or another
 * subdomain (`blog.example.com`) has none.
 */
export function twinHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const domain = getDomain(host);
  if (domain === null) return null;
  if (host === domain) return `www.${domain}`;
  if (host === `www.${domain}`) return domain;
  return null;
}

/** The http port of an https port: 80 for 443; another port has no http twin to ask. */
export function defaultHttpPort(httpsPort: number): number | null {
  return httpsPort === 443 ? 80 : null;
}

export interface HttpsRedirectOptions extends OriginFileOptions {
  /** Which http port serves the twin of an https port (default defaultHttpPort); tests map theirs. */
  httpPortOf?: (httpsPort: number) => number | null;
}

/**
 * The probes for the https origin of `pageUrl`; null for a page that is not https (the `https`
 * check judges those). Never throws.
 */
export async function probeHttpsRedirect(
  pageUrl: string,
  options: HttpsRedirectOptions,
): Promise<HttpsRedirectArtifact | null> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (page.protocol !== 'https:') return null;
  const httpsPort = Number(page.port) || 443;
  const httpPort = (options.httpPortOf ?? defaultHttpPort)(httpsPort);
  const twin = twinHost(page.hostname);
  const site = new Set([page.hostname, ...(twin ? [twin] : [])]);

  const httpUrl = httpPort === null ? null : rootOf('http:', page.hostname, httpPort, 80);
  const twinUrl = twin === null ? null : rootOf('https:', twin, httpsPort, 443);
  const [http, twinProbe] = await Promise.all([
    httpUrl === null ? null : follow(httpUrl, site, options),
    twinUrl === null ? null : follow(twinUrl, site, options),
  ]);
  return { origin: page.origin, http, twin: twinProbe };
}

function rootOf(scheme: string, host: string, port: number, defaultPort: number): string {
  const url = new URL(`${scheme}//${host}/`);
  if (port !== defaultPort) url.port = String(port);
  return url.href;
}

/** Asks `url` and follows its redirects while they stay on the site's host names. */
async function follow(
  url: string,
  site: ReadonlySet<string>,
  options: OriginFileOptions,
): Promise<RedirectProbe> {
  try {
    const raw = await guardedFetch(url, {
      guard: options.guard,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      timeoutMs: options.timeoutMs ?? REDIRECT_PROBE_TIMEOUT_MS,
      maxBytes: 0,
      maxRedirects: REDIRECT_PROBE_MAX_HOPS,
      overflow: 'truncate',
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.gate ? { gate: options.gate } : {}),
      onResponse: () => 'skip',
      followRedirect: (next) => site.has(next.hostname.toLowerCase()),
    });
    const location = raw.headers.location;
    const leftSite = raw.status >= 300 && raw.status < 400 && location !== undefined;
    return {
      url,
      hops: leftSite
        ? [
            ...raw.redirects,
            { url: raw.finalUrl, status: raw.status, location: absolute(location, raw.finalUrl) },
          ]
        : raw.redirects,
      finalUrl: raw.finalUrl,
      status: raw.status,
      ...(leftSite ? { leftSite: true } : {}),
    };
  } catch (error) {
    return {
      url,
      hops: [],
      error: isAnalysisError(error)
        ? { code: error.code, message: error.message }
        : { code: 'fetch_failed', message: error instanceof Error ? error.message : String(error) },
    };
  }
}

function absolute(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}
