/**
 * The headless browser's only way out. Chromium is launched with this proxy for every request
 * (loopback included), so each connection the page makes — documents, subresources, fetch/XHR,
 * iframes, WebSockets and HTTPS (both arrive as CONNECT) — is checked by the same AddressGuard
 * as the fetcher and then connected to the exact address the guard returned. Pinning the
 * address is what defeats DNS rebinding: the proxy itself never resolves a name.
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { AddressGuard } from '../types.ts';

export interface EgressStats {
  /** Plain-HTTP requests forwarded (absolute-form and upgrade). */
  forwarded: number;
  /** CONNECT tunnels opened (HTTPS, wss:// and ws:// through the proxy). */
  tunnels: number;
  /** Targets the guard refused; each answered 403. */
  refused: number;
  /** Allowed targets that could not be reached or broke mid-way. */
  failed: number;
  /** The latest refused `host:port` targets (capped), for logs and tests. */
  refusedTargets: string[];
}

export interface EgressProxy {
  port: number;
  stats: EgressStats;
  close(): Promise<void>;
}

export interface EgressProxyOptions {
  /** Give up on connecting to an allowed target after this long. */
  connectTimeoutMs?: number;
}

const MAX_REFUSED_TARGETS = 50;

/** Hop-by-hop headers (RFC 9110 7.6.1) and the proxy's own; never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

interface Target {
  host: string;
  port: number;
}

/** `[::1]` → `::1`: the guard and net.connect want a bare address. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Parses the authority of a CONNECT (`host:port`) into a target. */
function parseAuthority(authority: string | undefined): Target | null {
  if (!authority) return null;
  try {
    const url = new URL(`http://${authority}`);
    const port = Number(url.port);
    if (!url.hostname || !port || url.pathname !== '/' || url.username) return null;
    return { host: bareHost(url.hostname), port };
  } catch {
    return null;
  }
}

/** Parses the absolute-form target of a plain-HTTP proxy request. */
function parseAbsolute(
  requestUrl: string | undefined,
): { target: Target; path: string; url: URL } | null {
  if (!requestUrl) return null;
  try {
    const url = new URL(requestUrl);
    // https:// never arrives in absolute form from a browser (it uses CONNECT); refuse
    // anything but http so the proxy cannot be turned into a TLS-stripping relay.
    if (url.protocol !== 'http:' || !requestUrl.startsWith('http://') || !url.hostname) {
      return null;
    }
    const port = url.port ? Number(url.port) : 80;
    return { target: { host: bareHost(url.hostname), port }, path: url.pathname + url.search, url };
  } catch {
    return null;
  }
}

function forwardHeaders(raw: string[], drop: string[] = []): string[] {
  const named = new Set<string>(drop);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'connection') {
      for (const token of (raw[i + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
    }
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out.push(name, raw[i + 1] ?? '');
  }
  return out;
}

export async function startEgressProxy(
  guard: AddressGuard,
  options: EgressProxyOptions = {},
): Promise<EgressProxy> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const stats: EgressStats = {
    forwarded: 0,
    tunnels: 0,
    refused: 0,
    failed: 0,
    refusedTargets: [],
  };
  // Every socket either side, so close() can end tunnels and long polls the browser left open.
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    // Keep-alive sockets come back for every request; one listener per socket is enough.
    if (sockets.has(socket)) return;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  // Our own agent so upstream keep-alive sockets die with the proxy. Keyed by the pinned
  // address (we pass an IP as host), so a socket is never reused for another resolution.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  /** Asks the guard; null means refused (already counted). */
  async function admit(target: Target): Promise<{ address: string; family: 4 | 6 } | null> {
    try {
      return await guard(target.host, target.port);
    } catch {
      stats.refused += 1;
      stats.refusedTargets.push(`${target.host}:${target.port}`);
      if (stats.refusedTargets.length > MAX_REFUSED_TARGETS) stats.refusedTargets.shift();
      return null;
    }
  }

  function connectPinned(address: string, family: 4 | 6, port: number): net.Socket {
    const upstream = net.connect({ host: address, family, port });
    track(upstream);
    upstream.setTimeout(connectTimeoutMs, () => upstream.destroy(new Error('connect timeout')));
    upstream.once('connect', () => upstream.setTimeout(0));
    return upstream;
  }

  function refuseRaw(socket: Duplex): void {
    // Answer, then close: a refused tunnel must not be reusable for a second attempt.
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', () =>
      socket.destroy(),
    );
  }

  async function onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const parsed = parseAbsolute(req.url);
    if (!parsed) {
      res.writeHead(400, { connection: 'close' }).end();
      return;
    }
    const pinned = await admit(parsed.target);
    if (!pinned) {
      res.writeHead(403, { connection: 'close' }).end();
      return;
    }
    stats.forwarded += 1;
    const upstreamReq = http.request({
      host: pinned.address,
      family: pinned.family,
      port: parsed.target.port,
      method: req.method,
      path: parsed.path,
      // RFC 9112 3.2.2: the Host is the request target's authority (the name, not the pin).
      headers: ['Host', parsed.url.host, ...forwardHeaders(req.rawHeaders, ['host'])],
      setHost: false,
      agent,
      timeout: connectTimeoutMs,
    });
    upstreamReq.on('timeout', () => upstreamReq.destroy(new Error('upstream timeout')));
    upstreamReq.on('socket', (socket) => {
      track(socket);
      // The request timeout covers connecting; once the response starts, streams may idle.
      upstreamReq.once('response', () => socket.setTimeout(0));
    });
    upstreamReq.on('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, forwardHeaders(upstreamRes.rawHeaders));
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    });
    upstreamReq.on('error', () => {
      stats.failed += 1;
      if (!res.headersSent) res.writeHead(502, { connection: 'close' }).end();
      else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    req.pipe(upstreamReq);
  }

  async function onConnect(req: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const target = parseAuthority(req.url);
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const pinned = await admit(target);
    if (!pinned) {
      refuseRaw(client);
      return;
    }
    stats.tunnels += 1;
    const upstream = connectPinned(pinned.address, pinned.family, target.port);
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      stats.failed += 1;
      if (upstream.connecting) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      } else client.destroy();
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** A plain ws:// sent in absolute form with `Upgrade` (Chromium uses CONNECT, others may not). */
  async function onUpgrade(req: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const parsed = parseAbsolute(req.url);
    if (!parsed) {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const pinned = await admit(parsed.target);
    if (!pinned) {
      refuseRaw(client);
      return;
    }
    stats.forwarded += 1;
    const upstream = connectPinned(pinned.address, pinned.family, parsed.target.port);
    upstream.once('connect', () => {
      // Re-send the request in origin form; Connection/Upgrade must survive for the handshake.
      const lines = [`${req.method} ${parsed.path} HTTP/1.1`];
      const raw = req.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        const lower = (raw[i] ?? '').toLowerCase();
        if (lower.startsWith('proxy-')) continue;
        lines.push(`${raw[i]}: ${raw[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      stats.failed += 1;
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  const server = http.createServer();
  server.on('connection', track);
  server.on('request', (req, res) => void onRequest(req, res));
  server.on('connect', (req, socket, head) => void onConnect(req, socket, head));
  server.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('egress proxy did not bind');

  return {
    port: address.port,
    stats,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
