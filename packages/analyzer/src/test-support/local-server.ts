import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Throw-away HTTP(S) servers on 127.0.0.1 for integration tests. Analyzer code only reaches them
 * with a guard built with `allowPrivate: true` (or a test guard); production guards refuse them.
 */

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface LocalServer {
  server: http.Server | https.Server;
  port: number;
  /** http(s)://127.0.0.1:port */
  origin: string;
  /** `${origin}/` */
  url: string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Closes the listener and every open connection. */
  close(): Promise<void>;
}

export interface Certificate {
  key: string;
  cert: string;
}

export function startHttpServer(handler: Handler): Promise<LocalServer> {
  return listen(http.createServer(handler), 'http');
}

export async function startHttpsServer(
  handler: Handler,
  certificate?: Certificate,
): Promise<LocalServer & { certificate: Certificate }> {
  const cert = certificate ?? (await selfSignedCertificate());
  const server = https.createServer({ key: cert.key, cert: cert.cert }, handler);
  return { ...(await listen(server, 'https')), certificate: cert };
}

async function listen(server: http.Server | https.Server, scheme: string): Promise<LocalServer> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that aborts mid-handshake or mid-response must not crash the test process.
  server.on('clientError', (_error, socket) => socket.destroy());
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  const origin = `${scheme}://127.0.0.1:${port}`;
  return {
    server,
    port,
    origin,
    url: `${origin}/`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const certificates = new Map<string, Promise<Certificate>>();

/**
 * A self-signed certificate for `localhost` and 127.0.0.1 (plus `names`), made with the openssl
 * CLI in a temp dir and cached per name list, so a test file pays the ~50 ms once. It is its own
 * CA: pass `cert` as `tls.ca` to trust it.
 */
export function selfSignedCertificate(names: string[] = []): Promise<Certificate> {
  const key = names.join(',');
  let pending = certificates.get(key);
  if (!pending) {
    pending = generateCertificate(names);
    certificates.set(key, pending);
  }
  return pending;
}

async function generateCertificate(names: string[]): Promise<Certificate> {
  const dir = await mkdtemp(join(tmpdir(), 'crawlwise-cert-'));
  try {
    const san = ['DNS:localhost', 'IP:127.0.0.1', ...names.map((n) => `DNS:${n}`)].join(',');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      `subjectAltName=${san}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    const [keyPem, certPem] = await Promise.all([
      readFile(join(dir, 'key.pem'), 'utf8'),
      readFile(join(dir, 'cert.pem'), 'utf8'),
    ]);
    return { key: keyPem, cert: certPem };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
