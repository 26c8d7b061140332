import ipaddr from 'ipaddr.js';

/**
 * IP address parsing and classification for the SSRF guard. Pure functions, no I/O.
 *
 * Only ipaddr.js `range() === 'unicast'` counts as public: every special-purpose block (loopback,
 * private, link-local incl. cloud metadata 169.254.169.254, CGNAT, ULA, multicast, reserved,
 * documentation, Teredo...) is refused. Addresses that carry an IPv4 address inside an IPv6 one
 * are judged by that IPv4 address, so ::ffff:10.0.0.1 or 2002:0a00:0001:: cannot smuggle a
 * private target past the check.
 */

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export interface AddressClass {
  /** The address as given (IPv6 without brackets). */
  address: string;
  family: 4 | 6;
  /** ipaddr.js range name of the address that decides, e.g. 'unicast', 'loopback', 'private'. */
  range: string;
  /** The IPv4 address embedded in an IPv6 one (mapped, 6to4, NAT64), when that is what decided. */
  embeddedIPv4?: string;
  isPublic: boolean;
}

/** Hostnames that name this machine without DNS (RFC 6761 reserves `localhost` and `*.localhost`). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

/**
 * Parses a hostname that is really an IP address, in any form a URL parser or a C resolver would
 * accept: dotted quad, `[v6]` or bare v6, and the legacy IPv4 forms `2130706433`, `0x7f000001`,
 * `0177.0.0.1`, `127.1`. The WHATWG URL parser (the one undici uses to build the request) does the
 * legacy-form normalisation, so the guard judges the same address the connection would use.
 * Returns null for a name that needs DNS.
 */
export function parseHostLiteral(hostname: string): IpAddress | null {
  let host = hostname.trim();
  if (!host) return null;
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (ipaddr.IPv6.isValid(host)) return ipaddr.IPv6.parse(host);

  let normalised: string;
  try {
    normalised = new URL(`http://${host}/`).hostname;
  } catch {
    // Not a valid URL host, e.g. "1.2.3.4.5"; a resolver may still try it, and whatever it
    // returns is checked like any DNS answer.
    return null;
  }
  if (normalised.startsWith('[')) {
    const inner = normalised.slice(1, -1);
    return ipaddr.IPv6.isValid(inner) ? ipaddr.IPv6.parse(inner) : null;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(normalised) ? ipaddr.IPv4.parse(normalised) : null;
}

/** The IPv4 address an IPv6 address stands for, if it embeds one (mapped, 6to4, NAT64 /96). */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  const range = address.range();
  // 2002:AABB:CCDD::/16 carries AA.BB.CC.DD in bits 16-48 (RFC 3056).
  if (range === '6to4') return fromWords(parts[1] ?? 0, parts[2] ?? 0);
  // 64:ff9b::/96 carries the IPv4 address in its last 32 bits (RFC 6052). The local-use prefix
  // 64:ff9b:1::/48 uses other layouts and stays refused as a non-unicast range.
  const isWellKnownNat64 =
    parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0);
  if (isWellKnownNat64) return fromWords(parts[6] ?? 0, parts[7] ?? 0);
  return null;
}

function fromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** Classifies one resolved or literal address. Unparseable input is never public. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) {
    return { address: bare, family: bare.includes(':') ? 6 : 4, range: 'invalid', isPublic: false };
  }
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return { address: bare, family: 4, range, isPublic: range === 'unicast' };
  }
  const inner = embeddedIPv4(parsed as ipaddr.IPv6);
  if (inner) {
    const range = inner.range();
    return {
      address: bare,
      family: 6,
      range,
      embeddedIPv4: inner.toString(),
      isPublic: range === 'unicast',
    };
  }
  const range = parsed.range();
  return { address: bare, family: 6, range, isPublic: range === 'unicast' };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).isPublic;
}
