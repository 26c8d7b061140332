import type http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { MAX_PAGE_BYTES } from '@crawlwise/shared/limits';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalysisError } from '../analysis-error.ts';
import {
  closedPort,
  type Handler,
  type LocalServer,
  startHttpServer,
  startHttpsServer,
} from '../test-support/local-server.ts';
import type { Resolver } from '../types.ts';
import { createAddressGuard } from './address-guard.ts';
import { MAX_QUOTE_LENGTH } from './clip.ts';
import { DEFAULT_USER_AGENT, fetchPage } from './fetch-page.ts';
import { BodyTooLarge, MAX_CONTENT_CODINGS } from './read-body.ts';

/** Loopback is private: these tests opt in explicitly, as the architecture requires. */
const guard = createAddressGuard({ allowPrivate: true });

const routes = new Map<string, Handler>();
let server: LocalServer;
let base: string;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(500).end('no route');
  });
  base = server.origin;
});
afterAll(() => server.close());
afterEach(() => {
  routes.clear();
  vi.useRealTimers();
});

function route(path: string, handler: Handler): string {
  routes.set(path, handler);
  return `${base}${path}`;
}

function html(body: string | Buffer, headers: http.OutgoingHttpHeaders = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
}

async function failure(promise: Promise<unknown>): Promise<AnalysisError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisError);
  return error as AnalysisError;
}

describe('fetchPage: a normal page', () => {
  it('returns the artifact with headers, timings and bytes', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const url = route('/page', (req, res) => {
      seen = req.headers;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'X-Custom': 'Yes' });
      res.end('<!doctype html><title>Héllo</title>');
    });
    const page = await fetchPage(url, { guard });
    expect(page).toMatchObject({
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      redirects: [],
      tls: null,
      contentType: 'text/html',
      charset: 'UTF-8',
      contentEncoding: null,
      html: '<!doctype html><title>Héllo</title>',
      rawBytes: Buffer.byteLength('<!doctype html><title>Héllo</title>'),
      decodedBytes: Buffer.byteLength('<!doctype html><title>Héllo</title>'),
    });
    expect(page.headers['x-custom']).toBe('Yes');
    expect(page.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(page.totalMs).toBeGreaterThanOrEqual(page.ttfbMs);
    expect(Date.parse(page.fetchedAt)).not.toBeNaN();
    expect(seen['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(seen['accept-encoding']).toBe('gzip, deflate, br');
    expect(page.acceptEncoding).toBe(seen['accept-encoding']);
    expect(seen.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('sends a custom user agent and drops the fragment', async () => {
    let ua: string | undefined;
    const url = route('/ua', (req, res) => {
      ua = req.headers['user-agent'];
      html('<p>ok')(req, res);
    });
    const page = await fetchPage(`${url}#section`, { guard, userAgent: 'TestBot/2' });
    expect(ua).toBe('TestBot/2');
    expect(page.finalUrl).toBe(url);
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['deflate', zlib.deflateRawSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('decodes %s bodies and counts wire and decoded bytes', async (encoding, compress) => {
    const body = `<html><body>${'crawl '.repeat(2000)}</body></html>`;
    const packed = compress(Buffer.from(body));
    const url = route('/packed', html(packed, { 'content-encoding': encoding }));
    const page = await fetchPage(url, { guard });
    expect(page.html).toBe(body);
    expect(page.contentEncoding).toBe(encoding);
    expect(page.rawBytes).toBe(packed.length);
    expect(page.decodedBytes).toBe(Buffer.byteLength(body));
  });

  it('accepts an empty 200 body as an empty page', async () => {
    const url = route('/empty', html(''));
    const page = await fetchPage(url, { guard });
    expect(page.html).toBe('');
    expect(page.decodedBytes).toBe(0);
  });

  it('accepts application/xhtml+xml', async () => {
    const url = route('/xhtml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xhtml+xml' }).end('<html/>');
    });
    expect((await fetchPage(url, { guard })).contentType).toBe('application/xhtml+xml');
  });

  it('sniffs a body without Content-Type: HTML is accepted, anything else refused', async () => {
    const bare =
      (body: string): Handler =>
      (_req, res) => {
        res.removeHeader('content-type');
        res.writeHead(200).end(body);
      };
    const ok = await fetchPage(route('/bare-html', bare('\n  <!DOCTYPE html><p>hi')), { guard });
    expect(ok).toMatchObject({ contentType: '', html: '\n  <!DOCTYPE html><p>hi' });
    const error = await failure(
      fetchPage(route('/bare-zip', bare('PK\u0003\u0004...')), { guard }),
    );
    expect(error.code).toBe('invalid_content_type');
  });
});

describe('fetchPage: redirects', () => {
  function chain(length: number): string {
    for (let i = length; i > 0; i--) {
      route(`/hop/${i}`, (_req, res) => res.writeHead(301, { location: `/hop/${i - 1}` }).end());
    }
    route('/hop/0', html('<p>landed'));
    return `${base}/hop/${length}`;
  }

  it('follows 10 redirects and records each hop', async () => {
    const page = await fetchPage(chain(10), { guard });
    expect(page.finalUrl).toBe(`${base}/hop/0`);
    expect(page.redirects).toHaveLength(10);
    expect(page.redirects[0]).toEqual({
      url: `${base}/hop/10`,
      status: 301,
      location: `${base}/hop/9`,
    });
    expect(page.html).toBe('<p>landed');
  });

  it('refuses the 11th redirect (redirect_loop)', async () => {
    const error = await failure(fetchPage(chain(11), { guard }));
    expect(error.code).toBe('redirect_loop');
    expect(error.message).toContain('more than 10');
  });

  it('detects a cycle (redirect_loop)', async () => {
    route('/a', (_req, res) => res.writeHead(302, { location: '/b' }).end());
    route('/b', (_req, res) => res.writeHead(307, { location: `${base}/a` }).end());
    const error = await failure(fetchPage(`${base}/a`, { guard }));
    expect(error.code).toBe('redirect_loop');
    expect(error.message).toContain(`${base}/a → ${base}/b → ${base}/a`);
  });

  it('quotes long addresses clipped in its messages', async () => {
    const long = `/${'a'.repeat(10_000)}`;
    route('/long-loop', (_req, res) => res.writeHead(302, { location: long }).end());
    route(long, (_req, res) => res.writeHead(302, { location: '/long-loop' }).end());
    const loop = await failure(fetchPage(`${base}/long-loop`, { guard }));
    expect(loop.code).toBe('redirect_loop');
    expect(loop.message.length).toBeLessThan(4 * MAX_QUOTE_LENGTH);

    const scheme = route('/long-scheme', (_req, res) =>
      res.writeHead(301, { location: `${'x'.repeat(20_000)}:payload` }).end(),
    );
    const unsupported = await failure(fetchPage(scheme, { guard }));
    expect(unsupported.code).toBe('unsupported_protocol');
    expect(unsupported.message.length).toBeLessThan(2 * MAX_QUOTE_LENGTH);

    const type = route('/long-type', html('x', { 'content-type': `text/${'x'.repeat(20_000)}` }));
    const notHtml = await failure(fetchPage(type, { guard }));
    expect(notHtml.code).toBe('invalid_content_type');
    expect(notHtml.message.length).toBeLessThan(MAX_QUOTE_LENGTH);
  });

  it('refuses a redirect to another scheme (unsupported_protocol)', async () => {
    const url = route('/to-ftp', (_req, res) =>
      res.writeHead(301, { location: 'ftp://files.example/x' }).end(),
    );
    expect((await failure(fetchPage(url, { guard }))).code).toBe('unsupported_protocol');
  });

  it('refuses ftp:// outright (unsupported_protocol)', async () => {
    expect((await failure(fetchPage('ftp://example.com/', { guard }))).code).toBe(
      'unsupported_protocol',
    );
  });

  it('treats a 3xx without Location as a failed fetch', async () => {
    const url = route('/no-location', (_req, res) => res.writeHead(302).end());
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe('fetch_failed');
    expect(error.message).toContain('HTTP 302');
  });
});

describe('fetchPage: HTTP status errors', () => {
  it.each([
    [403, 'http_error_403', 'HTTP 403 Forbidden'],
    [404, 'http_error_404', 'HTTP 404 Not Found'],
    [410, 'http_error_404', 'HTTP 410 Gone'],
    [418, 'fetch_failed', 'HTTP 418'],
    [401, 'fetch_failed', 'HTTP 401'],
    [429, 'http_error_503', 'HTTP 429'],
    [500, 'http_error_500', 'HTTP 500 Internal Server Error'],
    [501, 'http_error_500', 'HTTP 501'],
    [502, 'http_error_500', 'HTTP 502 Bad Gateway'],
    [504, 'http_error_500', 'HTTP 504'],
    [503, 'http_error_503', 'HTTP 503 Service Unavailable'],
  ])('status %i → %s, message names the status', async (status, code, text) => {
    const url = route(`/status/${status}`, (_req, res) =>
      res.writeHead(status, { 'content-type': 'text/html' }).end('<p>error page'),
    );
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe(code);
    expect(error.message).toContain(text);
  });

  it('carries the wait a 429 or 503 asks for in Retry-After, and none when it does not say', async () => {
    const seconds = route('/busy', (_req, res) =>
      res.writeHead(429, { 'retry-after': '7', 'content-type': 'text/html' }).end('slow down'),
    );
    expect((await failure(fetchPage(seconds, { guard }))).retryAfterMs).toBe(7000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const dated = route('/maintenance', (_req, res) =>
      res.writeHead(503, { 'retry-after': inTenSeconds }).end(),
    );
    const wait = (await failure(fetchPage(dated, { guard }))).retryAfterMs;
    // The date has whole seconds; it was written a moment ago.
    expect(wait).toBeGreaterThan(8000);
    expect(wait).toBeLessThanOrEqual(10_000);
    const silent = route('/down', (_req, res) => res.writeHead(503).end());
    expect((await failure(fetchPage(silent, { guard }))).retryAfterMs).toBeNull();
  });

  it('applies the status of the final hop after a redirect', async () => {
    route('/gone', (_req, res) => res.writeHead(410).end());
    const url = route('/moved', (_req, res) => res.writeHead(301, { location: '/gone' }).end());
    const error = await failure(fetchPage(url, { guard }));
    expect(error.message).toBe('The server answered HTTP 410 Gone.');
  });
});

describe('fetchPage: content type', () => {
  it('refuses non-HTML before reading the body (invalid_content_type)', async () => {
    let serverSawAbort!: () => void;
    const aborted = new Promise<void>((resolve) => {
      serverSawAbort = resolve;
    });
    const url = route('/data.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      // Keeps streaming for 5 s unless the client goes away.
      const timer = setInterval(() => res.write('0,'.repeat(1000)), 20);
      const stop = setTimeout(() => {
        clearInterval(timer);
        res.end(']');
      }, 5000);
      res.on('close', () => {
        clearInterval(timer);
        clearTimeout(stop);
        if (!res.writableFinished) serverSawAbort();
      });
    });
    const started = performance.now();
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe('invalid_content_type');
    expect(error.message).toContain('application/json');
    await aborted;
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each(['image/png', 'text/plain', 'application/pdf'])('refuses %s', async (type) => {
    const url = route('/typed', (_req, res) =>
      res.writeHead(200, { 'content-type': type }).end('x'),
    );
    expect((await failure(fetchPage(url, { guard }))).code).toBe('invalid_content_type');
  });
});

describe('fetchPage: size limits', () => {
  it('refuses a declared 6 MB identity body without reading it (content_too_large)', async () => {
    const body = Buffer.alloc(6 * 1024 * 1024, 'a');
    let written = false;
    const url = route('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length });
      written = res.write(body);
      res.end();
    });
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe('content_too_large');
    expect(error.message).toContain('5 MB');
    expect((error.cause as BodyTooLarge).rawBytes).toBe(0);
    expect(written).toBe(false);
  });

  it('stops a chunked 6 MB body at the limit (content_too_large)', async () => {
    const url = route('/big-chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 6; i++) res.write(Buffer.alloc(1024 * 1024, 'a'));
      res.end();
    });
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe('content_too_large');
    expect((error.cause as BodyTooLarge).decodedBytes).toBeLessThanOrEqual(MAX_PAGE_BYTES + 65536);
  });

  it('accepts a page of exactly the limit', async () => {
    const url = route('/limit', html('a'.repeat(1000)));
    expect((await fetchPage(url, { guard, maxBytes: 1000 })).decodedBytes).toBe(1000);
    expect((await failure(fetchPage(url, { guard, maxBytes: 999 }))).code).toBe(
      'content_too_large',
    );
  });

  it.each([
    ['gzip', () => zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 })],
    [
      'br',
      () =>
        zlib.brotliCompressSync(Buffer.alloc(50 * 1024 * 1024), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        }),
    ],
  ] as const)(
    'stops a %s bomb after the limit, cheaply (content_too_large)',
    async (encoding, make) => {
      const bomb = make();
      expect(bomb.length).toBeLessThan(200 * 1024);
      const url = route('/bomb', html(bomb, { 'content-encoding': encoding }));
      const started = performance.now();
      const error = await failure(fetchPage(url, { guard }));
      expect(error.code).toBe('content_too_large');
      const counts = error.cause as BodyTooLarge;
      expect(counts).toBeInstanceOf(BodyTooLarge);
      // Decompression stopped one zlib chunk (16 KB by default) past the limit, not at 50 MB.
      expect(counts.decodedBytes).toBeGreaterThan(MAX_PAGE_BYTES);
      expect(counts.decodedBytes).toBeLessThanOrEqual(MAX_PAGE_BYTES + 64 * 1024);
      expect(performance.now() - started).toBeLessThan(2000);
    },
  );
});

describe('fetchPage: timeouts', () => {
  it('fails when headers never come (fetch_timeout)', async () => {
    const url = route('/silent', () => {});
    const started = performance.now();
    const error = await failure(fetchPage(url, { guard, timeoutMs: 1500 }));
    const elapsed = performance.now() - started;
    expect(error.code).toBe('fetch_timeout');
    expect(error.message).toContain('1.5 seconds');
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(3000);
  });

  it('fails when the body trickles past the deadline (fetch_timeout)', async () => {
    const url = route('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>'), 100);
      res.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const error = await failure(fetchPage(url, { guard, timeoutMs: 1000 }));
    expect(error.code).toBe('fetch_timeout');
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('counts redirect hops against the same deadline', async () => {
    const slowHop =
      (next: string): Handler =>
      (_req, res) => {
        setTimeout(() => res.writeHead(302, { location: next }).end(), 400);
      };
    route('/slow/1', slowHop('/slow/2'));
    route('/slow/2', slowHop('/slow/3'));
    route('/slow/3', slowHop('/slow/4'));
    route('/slow/4', html('<p>late'));
    const error = await failure(fetchPage(`${base}/slow/1`, { guard, timeoutMs: 1000 }));
    expect(error.code).toBe('fetch_timeout');
  });

  it('defaults to one 10 second deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const url = route('/never', () => {});
    const result = fetchPage(url, { guard }).then(
      () => 'resolved',
      (e: AnalysisError) => e.code,
    );
    let settled: string | null = null;
    void result.then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(9_990);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(20);
    expect(await result).toBe('fetch_timeout');
  });

  it('rethrows the caller’s own abort reason', async () => {
    const url = route('/wait', () => {});
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(fetchPage(url, { guard, signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('fetchPage: connection failures', () => {
  it('reports a refused port (fetch_failed)', async () => {
    const port = await closedPort();
    const error = await failure(fetchPage(`http://127.0.0.1:${port}/`, { guard }));
    expect(error.code).toBe('fetch_failed');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('reports a reset connection (fetch_failed)', async () => {
    const url = route('/reset', (req) => req.socket.destroy());
    expect((await failure(fetchPage(url, { guard }))).code).toBe('fetch_failed');
  });

  it('reports a connection cut mid-body (fetch_failed)', async () => {
    const url = route('/cut', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': 1000 });
      res.write('<p>partial');
      setTimeout(() => req.socket.destroy(), 20);
    });
    expect((await failure(fetchPage(url, { guard }))).code).toBe('fetch_failed');
  });

  it('reports a malformed HTTP response (fetch_failed)', async () => {
    const sockets: net.Socket[] = [];
    const garbage = net.createServer((socket) => {
      sockets.push(socket);
      socket.end('NOT HTTP AT ALL\r\n\r\n');
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const { port } = garbage.address() as net.AddressInfo;
    try {
      const error = await failure(fetchPage(`http://127.0.0.1:${port}/`, { guard }));
      expect(error.code).toBe('fetch_failed');
      expect(error.message).toContain('malformed');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => garbage.close(resolve));
    }
  });

  it('reports an unresolvable host (dns_error) naming it', async () => {
    const resolver = vi.fn<Resolver>(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const error = await failure(
      fetchPage('http://no-such-host.test/', { guard: createAddressGuard({ resolver }) }),
    );
    expect(error.code).toBe('dns_error');
    expect(error.message).toContain('no-such-host.test');
  });

  it('reports a malformed URL as invalid_url', async () => {
    expect((await failure(fetchPage('http://', { guard }))).code).toBe('invalid_url');
  });
});

describe('fetchPage: unreadable bodies', () => {
  it('refuses a corrupt gzip body (parse_error)', async () => {
    const url = route(
      '/corrupt',
      html(Buffer.from('this is not gzip at all'), {
        'content-encoding': 'gzip',
      }),
    );
    expect((await failure(fetchPage(url, { guard }))).code).toBe('parse_error');
  });

  it('refuses a body compressed twice (parse_error)', async () => {
    const twice = zlib.gzipSync(zlib.gzipSync('<html><body>hello</body></html>'));
    const url = route('/twice', html(twice, { 'content-encoding': 'gzip' }));
    expect((await failure(fetchPage(url, { guard }))).code).toBe('parse_error');
  });

  it('refuses an unknown content encoding (parse_error)', async () => {
    const url = route('/zstd', html('xx', { 'content-encoding': 'zstd' }));
    expect((await failure(fetchPage(url, { guard }))).code).toBe('parse_error');
  });

  it('undoes up to three stacked codings, in the order they were applied', async () => {
    const page = '<html><body>stacked</body></html>';
    const layered = zlib.brotliCompressSync(zlib.gzipSync(zlib.deflateSync(page)));
    const url = route('/three', html(layered, { 'content-encoding': 'deflate, gzip, br' }));
    const fetched = await fetchPage(url, { guard });
    expect(fetched.html).toBe(page);
    expect(fetched.contentEncoding).toBe('deflate, gzip, br');
  });

  it.each([
    ['four codings', 'gzip, gzip, gzip, gzip', 4],
    ['br,br,… 21,000 times', Array(21_000).fill('br').join(','), 21_000],
  ])(
    'refuses %s before building a decoder or reading a byte (parse_error)',
    async (_, value, n) => {
      // Headers only, then silence: reading the body would end in fetch_timeout instead.
      const url = route('/stacked', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': value });
        res.flushHeaders();
      });
      const brotli = vi.spyOn(zlib, 'createBrotliDecompress');
      const gunzip = vi.spyOn(zlib, 'createGunzip');
      const started = performance.now();
      const error = await failure(fetchPage(url, { guard, timeoutMs: 5_000 }));
      expect(error.code).toBe('parse_error');
      expect(error.message).toBe(
        `The server applied ${n} content encodings to the page; at most ${MAX_CONTENT_CODINGS} are undone.`,
      );
      expect(brotli).not.toHaveBeenCalled();
      expect(gunzip).not.toHaveBeenCalled();
      expect(performance.now() - started).toBeLessThan(2_000);
    },
  );

  it('quotes at most a few characters of an unknown coding', async () => {
    const url = route('/weird', html('xx', { 'content-encoding': `x${'z'.repeat(30_000)}` }));
    const error = await failure(fetchPage(url, { guard }));
    expect(error.code).toBe('parse_error');
    expect(error.message.length).toBeLessThan(100);
    expect(error.message).toMatch(/^Unsupported content encoding "xz+…"\.$/);
  });

  it('tolerates a truncated gzip stream like browsers do', async () => {
    const full = zlib.gzipSync(`<html><body>${'x'.repeat(5000)}</body></html>`);
    const url = route(
      '/truncated',
      html(full.subarray(0, full.length - 8), {
        'content-encoding': 'gzip',
      }),
    );
    expect((await fetchPage(url, { guard })).html).toContain('<html><body>xxx');
  });
});

describe('fetchPage: HTTPS', () => {
  let tlsServer: LocalServer & { certificate: { cert: string } };
  beforeAll(async () => {
    tlsServer = await startHttpsServer(html('<p>secure'));
  });
  afterAll(() => tlsServer.close());

  it('refuses a self-signed certificate (ssl_error)', async () => {
    const error = await failure(fetchPage(tlsServer.url, { guard }));
    expect(error.code).toBe('ssl_error');
    expect(error.message).toMatch(/self.signed/i);
  });

  it('succeeds with the CA injected, recording the TLS version', async () => {
    const page = await fetchPage(tlsServer.url, { guard, tls: { ca: tlsServer.certificate.cert } });
    expect(page.tls).toEqual({ valid: true, protocol: 'TLSv1.3' });
    expect(page.html).toBe('<p>secure');
  });

  it('refuses a certificate for another host name (ssl_error)', async () => {
    // other.test is pinned to 127.0.0.1, whose certificate names only localhost and 127.0.0.1.
    const pinnedGuard = createAddressGuard({
      allowPrivate: true,
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const error = await failure(
      fetchPage(`https://other.test:${tlsServer.port}/`, {
        guard: pinnedGuard,
        tls: { ca: tlsServer.certificate.cert },
      }),
    );
    expect(error.code).toBe('ssl_error');
    expect(error.message).toContain('other.test');
  });

  it('reports a handshake the server cuts short as a connection failure (fetch_failed)', async () => {
    // Plain HTTP on an https:// address: the server answers 400 and closes, which says nothing
    // about a certificate.
    const error = await failure(fetchPage(`https://127.0.0.1:${server.port}/`, { guard }));
    expect(error.code).toBe('fetch_failed');
  });
});
