/**
 * Small helpers for the render and egress tests: loopback HTTP servers that count what reaches
 * them, and guards that allow an explicit list of targets (everything else is refused the way
 * the real guard refuses private addresses).
 */
import http from 'node:http';
import { AnalysisError } from '../analysis-error.ts';
import type { AddressGuard } from '../types.ts';

export interface TestServer {
  port: number;
  origin: string;
  /** Requests per path (without the query string). */
  hits: Map<string, number>;
  /** TCP connections accepted: the number that matters for "nothing got through". */
  connections(): number;
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A server on 127.0.0.1:<random>. Without a handler every request gets `204`. */
export async function startServer(handler?: Handler): Promise<TestServer> {
  const hits = new Map<string, number>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (handler) handler(req, res);
    else res.writeHead(204).end();
  });
  server.on('connection', () => {
    connections += 1;
  });
  // A raw CONNECT or Upgrade reaching this server also counts (via 'connection') and is closed.
  server.on('connect', (_req, socket) => socket.destroy());
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test server did not bind');
  return {
    port: address.port,
    origin: `http://127.0.0.1:${address.port}`,
    hits,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long polls and keep-alive sockets would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/**
 * A guard that allows exactly the listed `host:port` targets, each pinned to the given address
 * (default 127.0.0.1), and refuses the rest with the real guard's error code. Records calls.
 */
export function allowOnly(
  allowed: Record<string, string>,
): AddressGuard & { calls: Array<{ hostname: string; port: number }> } {
  const calls: Array<{ hostname: string; port: number }> = [];
  const guard = async (hostname: string, port: number) => {
    calls.push({ hostname, port });
    const address = allowed[`${hostname}:${port}`];
    if (!address) {
      throw new AnalysisError('private_ip', `Refused ${hostname}:${port} in a test guard`);
    }
    return { address, family: (address.includes(':') ? 6 : 4) as 4 | 6 };
  };
  return Object.assign(guard, { calls });
}

/** `n` distinct words, so a test can tell rendered text from the static document. */
export function words(n: number, prefix = 'word'): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
}
