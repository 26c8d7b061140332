/**
 * Spies on every outgoing TCP connection of this test process. Plain sockets, TLS, undici and
 * node:http all end in net.Socket.prototype.connect, so what the spy did not see was never
 * attempted. Targets are recorded as the socket was asked to connect: an IP address, or a name
 * with a pinned `lookup` (undici), which the spy resolves through that lookup to show where the
 * connection would really go.
 */
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { AnalysisError } from '@crawlwise/analyzer/analysis-error';
import { type MockInstance, vi } from 'vitest';

export interface ConnectTarget {
  /** The host the socket was given (a name or an address). */
  host: string;
  port: number;
  /** Where it connects: the host itself, or what its own `lookup` answers for it. */
  address: string;
}

export interface ConnectionSpy {
  targets: ConnectTarget[];
  spy: MockInstance;
}

interface ConnectOptions {
  host?: string;
  port?: number | string;
  lookup?: LookupFunction;
}

/** Reads the target from any of connect()'s signatures, including Node's internal array form. */
function optionsOf(args: unknown[]): ConnectOptions {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') return first as ConnectOptions;
  if (typeof first === 'number' || typeof first === 'string') {
    return { port: first, ...(typeof args[1] === 'string' ? { host: args[1] } : {}) };
  }
  return {};
}

function pinnedAddress(options: ConnectOptions): Promise<string> {
  const host = options.host ?? 'localhost';
  if (!options.lookup || net.isIP(host)) return Promise.resolve(host);
  const lookup = options.lookup;
  return new Promise((resolve) => {
    lookup(host, { all: false }, (error, address) => {
      resolve(error ? `unresolved:${host}` : String(address));
    });
  });
}

/** Where a connect() call will go, when that is known at once (an IP, or a pinned lookup). */
function immediateAddress(options: ConnectOptions): string | null {
  const host = options.host ?? 'localhost';
  if (net.isIP(host)) return host;
  let address: string | null = null;
  // The analyzer's pinned lookup answers synchronously; a real DNS lookup would not.
  options.lookup?.(host, { all: false }, (error, answer) => {
    if (!error) address = String(answer);
  });
  return address;
}

/**
 * Records every connection attempt. With `forbid: 'all'`, each attempt throws instead of
 * connecting, so a broken guard could never send traffic anywhere. With `forbid: 'non-loopback'`,
 * connections to loopback go ahead and any other (or one whose address is not known before it
 * starts) throws. Without `forbid`, everything goes ahead and the targets are checked afterwards.
 */
export function spyOnConnections(
  options: { forbid?: 'all' | 'non-loopback' } = {},
): ConnectionSpy & { settled(): Promise<ConnectTarget[]> } {
  const targets: ConnectTarget[] = [];
  const pending: Array<Promise<void>> = [];
  const original = net.Socket.prototype.connect;
  const spy = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const connectOptions = optionsOf(args);
    const host = connectOptions.host ?? 'localhost';
    const port = Number(connectOptions.port);
    pending.push(
      pinnedAddress(connectOptions).then((address) => {
        targets.push({ host, port, address });
      }),
    );
    if (options.forbid === 'all') throw new Error(`a connection to ${host}:${port} was attempted`);
    if (options.forbid === 'non-loopback') {
      const address = immediateAddress(connectOptions);
      if (address === null || !isLoopback(address)) {
        throw new Error(`a connection to ${host}:${port} (${address}) was attempted`);
      }
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  });
  return {
    targets,
    spy,
    async settled() {
      await Promise.all(pending);
      return targets;
    },
  };
}

/** Every address these tests may ever connect to. */
export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || address === '::ffff:127.0.0.1';
}

/** The error a promise is rejected with; fails the test if it resolves or rejects otherwise. */
export async function analysisFailure(promise: Promise<unknown>): Promise<AnalysisError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AnalysisError)) {
    throw new Error(`expected an AnalysisError, got ${String(error)}`);
  }
  return error;
}
