/**
 * One loopback HTTP server per test file with a route table the tests fill in, and the guard
 * that lets the fetcher reach it (loopback is private, so these tests opt in explicitly).
 */
import type http from 'node:http';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import {
  type Handler,
  type LocalServer,
  startHttpServer,
} from '@crawlwise/analyzer/test-support/local-server';

export interface RoutedServer {
  server: LocalServer;
  /** Registers a handler for a path and returns its full URL. */
  route(path: string, handler: Handler): string;
  clear(): void;
  close(): Promise<void>;
}

export async function startRoutedServer(): Promise<RoutedServer> {
  const routes = new Map<string, Handler>();
  const server = await startHttpServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  return {
    server,
    route(path, handler) {
      routes.set(path, handler);
      return `${server.origin}${path}`;
    },
    clear: () => routes.clear(),
    close: () => server.close(),
  };
}

/** The production guard with loopback allowed: the only way these tests' fetches get anywhere. */
export const loopbackGuard = createAddressGuard({ allowPrivate: true });
