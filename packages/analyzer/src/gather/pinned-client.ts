import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { buildConnector, Pool } from 'undici';

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export interface TlsOptions {
  /** Trust anchors replacing the system CAs (tests with their own CA). */
  ca?: string | Buffer;
}

export interface PinnedPool {
  dispatcher: Pool;
  /** Negotiated TLS version of its connections ('TLSv1.3'), null for http or before connecting. */
  tlsProtocol(): string | null;
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
 * Kept connections, one pool per origin, pinned address and trust anchors: a hop reuses an idle
 * connection only to the address its own guard check approved for that origin, so keeping them
 * changes nothing of the address pinning (DNS answers after the check still never matter). A
 * crawl fetches one host page after page; a new connection each time cost its connect and close
 * on both ends, and over https a handshake. The least recently used pool beyond MAX_POOLS is
 * closed (its requests in flight finish); idle sockets close themselves after KEEP_ALIVE_MS and
 * never keep the process alive (undici unrefs them).
 */
const MAX_POOLS = 64;
const KEEP_ALIVE_MS = 4_000;
const CONNECT_TIMEOUT_MS = 10_000;
const pools = new Map<string, PinnedPool>();
/**
 * Each distinct `tls.ca` gets a number for the pool key (tests bring their own CA), forgotten
 * once no kept pool uses it: the map holds at most MAX_POOLS + 1 trust anchors.
 */
const caIds = new Map<string | Buffer, number>();
let lastCaId = 0;

function caIdOf(ca: string | Buffer): number {
  let id = caIds.get(ca);
  if (id === undefined) {
    lastCaId += 1;
    id = lastCaId;
    caIds.set(ca, id);
  }
  return id;
}

/** Forgets the trust anchors no kept pool uses any more (their number ends each pool's key). */
function forgetUnusedCas(): void {
  const used = new Set<number>();
  for (const key of pools.keys()) used.add(Number(key.slice(key.lastIndexOf(' ') + 1)));
  for (const [ca, id] of caIds) if (!used.has(id)) caIds.delete(ca);
}

/** How many trust anchors are numbered now (tests). */
export function numberedTrustAnchors(): number {
  return caIds.size;
}

/** The pool for `origin` whose every socket goes to `pin`, created on first use. */
export function pinnedPool(origin: URL, pin: PinnedAddress, tls?: TlsOptions): PinnedPool {
  const caId = tls?.ca === undefined ? 0 : caIdOf(tls.ca);
  const key = `${origin.origin} ${pin.family} ${pin.address} ${caId}`;
  const found = pools.get(key);
  if (found && !found.dispatcher.closed && !found.dispatcher.destroyed) {
    // Most recently used last: the map's first entry is the one to close when it is full.
    pools.delete(key);
    pools.set(key, found);
    return found;
  }
  const created = createPinnedPool(origin, pin, tls);
  pools.set(key, created);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value as [string, PinnedPool];
    pools.delete(oldestKey);
    void oldest.dispatcher.close().catch(() => {});
    forgetUnusedCas();
  }
  return created;
}

/**
 * An undici Pool for one origin whose every socket goes to `pin`. TLS still verifies the
 * certificate against the URL's host name (undici passes it as servername), with the system CAs
 * unless `tls.ca` is given, and never with rejectUnauthorized off.
 */
function createPinnedPool(origin: URL, pin: PinnedAddress, tls?: TlsOptions): PinnedPool {
  let protocol: string | null = null;
  const base = buildConnector({
    lookup: pinnedLookup(pin),
    rejectUnauthorized: true,
    ...(tls?.ca ? { ca: tls.ca } : {}),
    timeout: CONNECT_TIMEOUT_MS,
    // No TLS session reuse: a session is not carried to a connection pinned elsewhere.
    maxCachedSessions: 0,
  });
  const connect: buildConnector.connector = (opts, callback) => {
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
  const dispatcher = new Pool(origin.origin, {
    connect,
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
    // The fetch-wide deadline aborts the request; undici's own 300 s timers stay out of the way.
    headersTimeout: 0,
    bodyTimeout: 0,
    // Real sites send big cookie headers; Node's 16 KB default would fail some of them.
    maxHeaderSize: 64 * 1024,
  });
  return { dispatcher, tlsProtocol: () => protocol };
}

/**
 * Closes every kept connection (requests in flight finish first) and forgets their pools: for
 * a test that counts the connections a fetch opens.
 */
export async function closeKeptConnections(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  caIds.clear();
  await Promise.all(all.map((pool) => pool.dispatcher.close().catch(() => {})));
}
