import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { buildConnector, Client } from 'undici';

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export interface TlsOptions {
  /** Trust anchors replacing the system CAs (tests with their own CA). */
  ca?: string | Buffer;
}

export interface PinnedClient {
  client: Client;
  /** Negotiated TLS version of the connection ('TLSv1.3'), null for http or before connecting. */
  tlsProtocol(): string | null;
  /** Connections this client opened (one hop normally opens exactly one). */
  connections(): number;
}

/**
 * A DNS lookup that ignores the name and answers the address the guard already checked. Node
 * calls it for the socket of this client only, so whatever DNS says by now (rebinding) no longer
 * matters. Node 20 asks for `all: true` when it races address families; both forms are answered.
 */
export function pinnedLookup(pin: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      const all: LookupAddress[] = [{ address: pin.address, family: pin.family }];
      callback(null, all);
    } else {
      callback(null, pin.address, pin.family);
    }
  };
}

/**
 * An undici Client for one origin whose every socket goes to `pin`. TLS still verifies the
 * certificate against the URL's host name (undici passes it as servername), with the system CAs
 * unless `tls.ca` is given, and never with rejectUnauthorized off.
 */
export function createPinnedClient(
  origin: URL,
  pin: PinnedAddress,
  options: { tls?: TlsOptions; connectTimeoutMs: number },
): PinnedClient {
  let protocol: string | null = null;
  let connections = 0;
  const base = buildConnector({
    lookup: pinnedLookup(pin),
    rejectUnauthorized: true,
    ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
    timeout: options.connectTimeoutMs,
    // Sessions are per client anyway; no reuse across fetches that might be pinned elsewhere.
    maxCachedSessions: 0,
  });
  const connect: buildConnector.connector = (opts, callback) => {
    connections += 1;
    base(opts, (error, socket) => {
      // node:tls is taken only here, for an https origin, where undici's connector has loaded
      // it already: a run that fetches only http:// pages never loads it (issue 23.1).
      if (socket && origin.protocol === 'https:') {
        const { TLSSocket } = process.getBuiltinModule('node:tls');
        if (socket instanceof TLSSocket) protocol = socket.getProtocol();
      }
      if (error) callback(error, null);
      else callback(null, socket!);
    });
  };
  const client = new Client(origin.origin, {
    connect,
    // The fetch-wide deadline aborts the request; undici's own 300 s timers stay out of the way.
    headersTimeout: 0,
    bodyTimeout: 0,
    // Real sites send big cookie headers; Node's 16 KB default would fail some of them.
    maxHeaderSize: 64 * 1024,
  });
  return { client, tlsProtocol: () => protocol, connections: () => connections };
}
