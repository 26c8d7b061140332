import type { RedirectProbe } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';
import { withFix } from './fix-snippets.ts';
import { SERVER_LABELS, type ServerKind, serverKind } from './server-fixes.ts';

/**
 * `https-redirect` (crawlability), per origin: every other spelling of an https site must lead to
 * the one address it is served at, in one permanent hop, or links and bookmarks to the other
 * spellings split the site's signals between duplicates and cost each visit a round trip.
 * Two probes (gather/https-redirect.ts, once per origin): `http://host/` must redirect to
 * `https://` with a single 301 or 308, and the `www` / non-`www` twin must redirect (permanently)
 * to the page's host rather than serve pages itself. Only https pages are judged: a page served
 * over http is the `https` check's critical, and its "redirect http to https" fix is this one.
 * What could not be asked (no http port to ask, no twin host, a twin without DNS) is not judged.
 * The page's Strict-Transport-Security header is reported in the details.
 */

const PERMANENT = new Set([301, 308]);

interface Problem {
  message: string;
  why: string;
}

/** What is wrong with the http:// probe, or null when it lands on https in one permanent hop. */
function httpProblem(probe: RedirectProbe, host: string): Problem | null {
  if (probe.error) return null;
  const [first] = probe.hops;
  if (first === undefined) {
    return {
      message: 'http:// is served without a redirect to https://',
      why: `${probe.url} answers HTTP ${probe.status} itself instead of redirecting to https://, so visitors and crawlers that follow an old http:// link stay on the unencrypted site, and search engines see two copies of every page.`,
    };
  }
  if (probe.leftSite) {
    return {
      message: 'http:// redirects to another site',
      why: `${probe.url} redirects to ${first.location}, not to https://${host}/.`,
    };
  }
  const landed = probe.finalUrl ?? '';
  if (!landed.startsWith('https://')) {
    return {
      message: 'http:// does not lead to https://',
      why: `${probe.url} ends at ${landed} (${probe.hops.length} redirect${probe.hops.length === 1 ? '' : 's'}), still over plain HTTP.`,
    };
  }
  if (!PERMANENT.has(first.status)) {
    return {
      message: `http:// redirects to https:// with a temporary ${first.status}`,
      why: `${probe.url} answers ${first.status}, a temporary redirect: search engines keep the http:// address as the one to show and pass it less of the page's standing. Use 301 (or 308).`,
    };
  }
  if (probe.hops.length > 1) {
    return {
      message: `http:// reaches https:// in ${probe.hops.length} redirects`,
      why: `${probe.url} goes through ${probe.hops.map((hop) => `${hop.status} → ${hop.location}`).join(', ')}: each hop costs a round trip. Redirect straight to the final https:// address in one 301.`,
    };
  }
  return null;
}

/** What is wrong with the www / non-www twin, or null when it settles on the page's host. */
function twinProblem(probe: RedirectProbe, host: string): Problem | null {
  const twin = new URL(probe.url).hostname;
  if (probe.error) {
    if (probe.error.code !== 'ssl_error') return null;
    return {
      message: `${twin} has no valid certificate`,
      why: `${twin} answers, but not with a certificate for its name (${probe.error.message}), so a visitor who types it gets a security warning instead of a redirect to ${host}.`,
    };
  }
  const [first] = probe.hops;
  if (first === undefined) {
    const served = probe.status !== undefined && probe.status >= 200 && probe.status < 300;
    return {
      message: served
        ? `Both ${host} and ${twin} serve the site`
        : `${twin} answers HTTP ${probe.status} instead of redirecting to ${host}`,
      why: served
        ? `${probe.url} answers ${probe.status} itself instead of redirecting to ${host}, so every page exists twice and links split between the two names.`
        : `${probe.url} neither redirects to ${host} nor serves the site, so visitors and links that use that name end on an error.`,
    };
  }
  const landedHost = probe.finalUrl ? new URL(probe.finalUrl).hostname : '';
  if (probe.leftSite || landedHost !== host) {
    return {
      message: `${twin} does not settle on ${host}`,
      why: `${probe.url} ends at ${probe.leftSite ? first.location : probe.finalUrl}, not at ${host}, so the site answers under two names.`,
    };
  }
  if (!PERMANENT.has(first.status)) {
    return {
      message: `${twin} redirects to ${host} with a temporary ${first.status}`,
      why: `${probe.url} answers ${first.status}, a temporary redirect: search engines may keep both names. Use 301 (or 308).`,
    };
  }
  return null;
}

/** Server configuration that sends every other spelling to `https://host` in one 301. */
export function canonicalHostConfig(
  kind: ServerKind,
  host: string,
  twin: string | null,
): string | null {
  const names = twin ? `${host} ${twin}` : host;
  const escaped = host.replace(/\./g, '\\.');
  switch (kind) {
    case 'nginx':
      return [
        'server {',
        '  listen 80;',
        '  listen [::]:80;',
        `  server_name ${names};`,
        `  return 301 https://${host}$request_uri;`,
        '}',
        ...(twin
          ? [
              'server {',
              '  listen 443 ssl;',
              '  listen [::]:443 ssl;',
              `  server_name ${twin};`,
              '  # ssl_certificate and ssl_certificate_key: a certificate that names both hosts',
              `  return 301 https://${host}$request_uri;`,
              '}',
            ]
          : []),
      ].join('\n');
    case 'apache':
      return [
        'RewriteEngine On',
        'RewriteCond %{HTTPS} off [OR]',
        `RewriteCond %{HTTP_HOST} !^${escaped}$ [NC]`,
        `RewriteRule ^ https://${host}%{REQUEST_URI} [R=301,L]`,
      ].join('\n');
    case 'caddy':
      // Caddy redirects http:// to https:// itself; only the twin needs a block.
      return twin ? `${twin} {\n  redir https://${host}{uri} permanent\n}` : null;
    case 'express':
      return [
        "app.set('trust proxy', true);",
        'app.use((req, res, next) => {',
        `  if (req.secure && req.hostname === '${host}') return next();`,
        `  res.redirect(301, \`https://${host}\${req.originalUrl}\`);`,
        '});',
      ].join('\n');
    case 'iis':
      return null;
  }
}

export const httpsRedirect: Check = {
  meta: {
    id: 'https-redirect',
    title: 'HTTPS and host redirects',
    why: 'A site should answer at one address: http:// and the www (or non-www) name should send visitors and crawlers to it with a single permanent redirect. Otherwise pages exist under several addresses, links and signals split between them, and every visit through an old link pays extra round trips.',
    howToFix:
      'Redirect http:// and the other host name (www or non-www) to the https:// address of the site in one 301, in the web server or CDN.',
    fixSnippet:
      "the redirect for the server named in the Server or X-Powered-By header (nginx, Apache, Caddy or Express), sending http:// and the twin host to https:// on the page's host in one 301; absent for another or a hidden server.",
    rule: "For an https page, per origin: http://host/ must redirect to https:// with a single 301 or 308 hop (no redirect, a 302/303/307, a chain of several hops, an end over http or on another site each warn), and the www / non-www twin of a registrable domain (example.com ↔ www.example.com) must redirect to the page's host, permanently (serving the site itself, a temporary redirect, an invalid certificate or an end elsewhere warn). Redirects are followed only between the two host names, at most 4 hops. A twin without DNS, an http:// that does not answer and a non-default https port are not judged; an http page is not applicable (the https check).",
    sources: [
      {
        title: 'Google Search Central: Redirects and Google Search',
        url: 'https://developers.google.com/search/docs/crawling-indexing/301-redirects',
      },
      {
        title: 'Google Search Central: Consolidate duplicate URLs',
        url: 'https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls',
      },
      {
        title: 'web.dev: Redirect HTTP traffic to HTTPS',
        url: 'https://web.dev/articles/redirects-http',
      },
    ],
  },
  run(page): CheckOutcome {
    const host = page.url.hostname;
    const hsts = page.artifacts.fetch.headers['strict-transport-security'] ?? null;
    if (page.url.protocol !== 'https:') {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The page is not served over HTTPS',
        why: 'There is no https:// address to redirect to yet: the https check says how to serve one.',
        details: { origin: page.url.origin, http: null, twin: null, hsts },
      };
    }
    const artifact = page.artifacts.httpsRedirect;
    if (artifact === undefined) {
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'HTTPS redirects not checked',
        why: 'The http:// and www addresses of the site were not asked.',
        details: { origin: page.url.origin, http: null, twin: null, hsts },
      };
    }
    const details = { origin: artifact.origin, http: artifact.http, twin: artifact.twin, hsts };
    const problems = [
      ...(artifact.http ? [httpProblem(artifact.http, host)] : []),
      ...(artifact.twin ? [twinProblem(artifact.twin, host)] : []),
    ].filter((problem): problem is Problem => problem !== null);

    const judged =
      (artifact.http !== null && artifact.http.error === undefined) ||
      (artifact.twin !== null &&
        (artifact.twin.error === undefined || artifact.twin.error.code === 'ssl_error'));
    if (problems.length === 0) {
      if (!judged) {
        const reasons = [
          artifact.http?.error ? `http:// did not answer (${artifact.http.error.message})` : null,
          artifact.http === null
            ? 'an https origin on a non-default port has no http:// twin to ask'
            : null,
          artifact.twin === null ? `${host} has no www / non-www twin` : null,
          artifact.twin?.error ? `${new URL(artifact.twin.url).hostname} does not answer` : null,
        ].filter((reason) => reason !== null);
        return {
          severity: 'success',
          outcome: 'not_applicable',
          message: 'No other address of the site to check',
          why: `${reasons.join('; ')}.`,
          details,
        };
      }
      const parts = [
        artifact.http && !artifact.http.error ? 'http:// redirects to https:// in one 301' : null,
        artifact.twin && !artifact.twin.error
          ? `${new URL(artifact.twin.url).hostname} redirects to ${host}`
          : null,
      ].filter((part) => part !== null);
      return {
        severity: 'success',
        message: `The site settles on https://${host}`,
        why: `${parts.join(' and ')}.`,
        details,
      };
    }
    const kind = serverKind(page.artifacts.fetch.headers);
    const twin = artifact.twin ? new URL(artifact.twin.url).hostname : null;
    const config = kind ? canonicalHostConfig(kind, host, twin) : null;
    return withFix(
      {
        severity: 'warning',
        message: problems[0]!.message,
        why: problems.map((problem) => problem.why).join(' '),
        details: { ...details, problems: problems.map((problem) => problem.message) },
      },
      {
        howToFix:
          kind && config
            ? `Send every other address to https://${host} in one 301, in ${SERVER_LABELS[kind]}:\n${config}`
            : `Send http:// and ${twin ?? 'any other host name'} to https://${host} with one 301 (Moved Permanently), in the web server or CDN.`,
        ...(config ? { fixSnippet: config } : {}),
      },
    );
  },
};
