import { lookup } from 'node:dns/promises';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { AnalysisError } from '../analysis-error.ts';
import type { AddressGuard, Resolver } from '../types.ts';
import { clip } from './clip.ts';
import { isLocalhostName, isPublicAddress, parseHostLiteral } from './ip-address.ts';

export {
  classifyAddress,
  embeddedIPv4,
  isLocalhostName,
  isPublicAddress,
  parseHostLiteral,
} from './ip-address.ts';

/** Ports a public website plausibly serves pages on; anything else smells of port scanning. */
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443, 8080, 8443];

export interface AddressGuardOptions {
  /** Skip the private-address and port checks. Only for tests against 127.0.0.1. */
  allowPrivate?: boolean;
  allowedPorts?: readonly number[];
  resolver?: Resolver;
}

/** The system resolver (getaddrinfo, so /etc/hosts too), every address in the order it gave. */
export const defaultResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const DNS_FAILURE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EAI_NODATA',
  'ENODATA',
  'ESERVFAIL',
  'ETIMEOUT',
  'ECONNREFUSED',
  'EREFUSED',
]);

/**
 * Builds the guard every connection of the analyzer goes through. It resolves the host ONCE and
 * returns the address to connect to; the fetcher pins the socket to that address, so a DNS
 * answer that changes between check and connect (rebinding) cannot reach a private address.
 */
export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const allowPrivate = options.allowPrivate ?? false;
  const allowedPorts = new Set(options.allowedPorts ?? DEFAULT_ALLOWED_PORTS);
  const resolver = options.resolver ?? defaultResolver;

  return async (rawHostname, port) => {
    const hostname = rawHostname.trim().toLowerCase();
    if (!hostname) throw new AnalysisError('invalid_url', 'The address has no host name.');
    // Literals and localhost are judged without DNS: no lookup should ever leave the machine
    // for "2130706433", and getaddrinfo would happily turn "127.1" into loopback anyway.
    // They are checked before the port so "localhost:3000" is reported as the private address
    // it is rather than as an odd port.
    const literal = parseHostLiteral(hostname);
    if (literal && !allowPrivate) refuseUnlessPublic([literal.toString()]);
    if (!allowPrivate && isLocalhostName(hostname)) throw privateError();
    if (!allowPrivate && !allowedPorts.has(port)) {
      throw new AnalysisError(
        'invalid_url',
        `Port ${port} is not allowed. Websites can be analyzed on ports ${[...allowedPorts].join(', ')}.`,
      );
    }
    if (literal) return { address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 };

    const answers = await resolve(resolver, hostname);
    if (!allowPrivate) {
      refuseUnlessPublic(answers.map((a) => a.address));
    }
    const first = answers[0]!;
    return { address: first.address, family: first.family };
  };
}

async function resolve(
  resolver: Resolver,
  hostname: string,
): Promise<Array<{ address: string; family: 4 | 6 }>> {
  let answers: Array<{ address: string; family: 4 | 6 }>;
  try {
    answers = await resolver(hostname);
  } catch (error) {
    if (error instanceof AnalysisError) throw error;
    const code = (error as { code?: unknown }).code;
    const detail = typeof code === 'string' && DNS_FAILURE_CODES.has(code) ? ` (${code})` : '';
    const name = clip(hostname);
    throw new AnalysisError('dns_error', `The domain ${name} could not be resolved${detail}.`, {
      cause: error,
    });
  }
  if (answers.length === 0) {
    throw new AnalysisError('dns_error', `The domain ${clip(hostname)} has no addresses.`);
  }
  return answers;
}

/**
 * Every address must be public: a name with one public and one private address could make the
 * connection (or a later retry) land on the private one.
 */
function refuseUnlessPublic(addresses: string[]): void {
  if (!addresses.every(isPublicAddress)) throw privateError();
}

/**
 * The catalogue's own sentence and nothing more: naming the address a name resolved to, or its
 * range, would let anyone map the internal DNS of the network the analyzer runs in.
 */
function privateError(): AnalysisError {
  return new AnalysisError('private_ip', ERROR_CATALOGUE.private_ip.description);
}
