/**
 * Server configuration a site owner can paste, for the checks whose fix is on the web server
 * (html-compression, meta-refresh). Which server answered is read from the `Server` and
 * `X-Powered-By` response headers; an unknown or hidden server gets prose only, since a snippet
 * for the wrong server is worse than none.
 */

export type ServerKind = 'nginx' | 'apache' | 'caddy' | 'iis' | 'express';

const SERVER_NAMES: ReadonlyArray<[RegExp, ServerKind]> = [
  [/^(nginx|openresty)\b/i, 'nginx'],
  [/^apache\b/i, 'apache'],
  [/^caddy\b/i, 'caddy'],
  [/^microsoft-iis\b/i, 'iis'],
];

/** The server that answered, from the response headers (names lower-cased), or null. */
export function serverKind(headers: Readonly<Record<string, string>>): ServerKind | null {
  const server = (headers.server ?? '').trim();
  for (const [pattern, kind] of SERVER_NAMES) if (pattern.test(server)) return kind;
  if (/^express$/i.test((headers['x-powered-by'] ?? '').trim())) return 'express';
  return null;
}

export const SERVER_LABELS: Readonly<Record<ServerKind, string>> = {
  nginx: 'nginx (http or server block)',
  apache: 'Apache (.htaccess or the virtual host)',
  caddy: 'Caddy (the site block of the Caddyfile)',
  iis: 'IIS (web.config)',
  express: 'Express (npm install compression)',
};

/** Configuration that compresses HTML responses with gzip (and more where the server can). */
export const COMPRESSION_CONFIG: Readonly<Record<ServerKind, string>> = {
  nginx: ['gzip on;', 'gzip_vary on;', 'gzip_comp_level 5;', 'gzip_min_length 1024;'].join('\n'),
  apache: [
    '<IfModule mod_deflate.c>',
    '  AddOutputFilterByType DEFLATE text/html text/css text/plain application/javascript application/json image/svg+xml',
    '</IfModule>',
  ].join('\n'),
  caddy: 'encode zstd gzip',
  iis: [
    '<system.webServer>',
    '  <urlCompression doStaticCompression="true" doDynamicCompression="true" />',
    '</system.webServer>',
  ].join('\n'),
  express: ["import compression from 'compression';", 'app.use(compression());'].join('\n'),
};

/** A permanent redirect of one path to `target` (an absolute URL), or null for Express. */
export function permanentRedirectConfig(
  kind: ServerKind,
  path: string,
  target: string,
): string | null {
  switch (kind) {
    case 'nginx':
      return `location = ${path} {\n  return 301 ${target};\n}`;
    case 'apache':
      return `RedirectMatch permanent ^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$ ${target}`;
    case 'caddy':
      return `redir ${path} ${target} permanent`;
    case 'express':
      return `app.get('${path.replace(/'/g, "\\'")}', (req, res) => res.redirect(301, '${target.replace(/'/g, "\\'")}'));`;
    case 'iis':
      return null;
  }
}
