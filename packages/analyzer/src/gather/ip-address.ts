import ipaddr from 'ipaddr.js';

/**
 * IP address parsing and classification for the SSRF guard. Pure functions, no I/O.
 *
 * Only ipaddr.js `range() === 'unicast'` counts as public: every special-purpose block (loopback,
 * private, link-local incl. cloud metadata 169.254.169.254, CGNAT, ULA, multicast, reserved,
 * documentation, Teredo...) is refused. An IPv6 address must also lie in 2000::/3, the only block
 * IANA allocates for global unicast: ipaddr.js calls the rest of the space 'unicast' too, and
 * that includes the deprecated IPv4-compatible ::/96, so ::127.0.0.1 once passed as public.
 *
 * IPv6 forms that carry an IPv4 address (docs/decisions.md, "IPv6 forms with an IPv4 inside"):
 * - IPv4-mapped ::ffff:0:0/96, 6to4 2002::/16 and NAT64 64:ff9b::/96 are judged by that IPv4
 *   address: the stack connects to it (mapped), tunnels to it (6to4) or a translator does
 *   (NAT64), and real sites do publish such addresses, so refusing them would refuse names whose
 *   other addresses are fine;
 * - IPv4-compatible ::/96, Teredo 2001::/32, IPv4-translated ::ffff:0:0:0/96 and local-use NAT64
 *   64:ff9b:1::/48 are refused outright, whatever they carry: deprecated, obfuscated or laid out
 *   per network, and no public website is reached through them.
 */

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export interface AddressClass {
  /** The address as given (IPv6 without brackets). */
  address: string;
  family: 4 | 6;
  /**
   * ipaddr.js range name of the address that decides, e.g. 'unicast', 'loopback', 'private';
   * 'ipv4Compatible' for ::/96 and 'unallocated' for IPv6 outside 2000::/3 (both refused).
   */
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
  const v6 = parseIPv6(host);
  if (v6) return v6;

  let normalised: string;
  try {
    normalised = new URL(`http://${host}/`).hostname;
  } catch {
    // Not a valid URL host, e.g. "1.2.3.4.5"; a resolver may still try it, and whatever it
    // returns is checked like any DNS answer.
    return null;
  }
  if (normalised.startsWith('[')) return parseIPv6(normalised.slice(1, -1));
  return ipaddr.IPv4.isValidFourPartDecimal(normalised) ? ipaddr.IPv4.parse(normalised) : null;
}

/**
 * Parses IPv6 text as the connection will read it. ipaddr.js reads "::127.0.0.1" as the
 * IPv4-mapped ::ffff:127.0.0.1, while URL parsers and sockets read the IPv4-compatible ::7f00:1,
 * so the WHATWG URL parser canonicalises the text first (the characters are checked beforehand,
 * so nothing but an address reaches it). Zone ids (fe80::1%eth0) are not parsed: a scoped
 * address is never a public website, and unparsed means refused.
 */
function parseIPv6(text: string): ipaddr.IPv6 | null {
  if (!text.includes(':') || !/^[0-9a-f:.]+$/i.test(text)) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : null;
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
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) {
    const range = ipaddr.IPv4.parse(bare).range();
    return { address: bare, family: 4, range, isPublic: range === 'unicast' };
  }
  const v6 = parseIPv6(bare);
  if (!v6) {
    return { address: bare, family: bare.includes(':') ? 6 : 4, range: 'invalid', isPublic: false };
  }
  const inner = embeddedIPv4(v6);
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
  const range = ipv6Range(v6);
  return { address: bare, family: 6, range, isPublic: range === 'unicast' };
}

/**
 * ipaddr.js's range, except that the first 96 bits all zero (IPv4-compatible, RFC 4291
 * 2.5.5.1, beside :: and ::1) and anything outside 2000::/3 are never 'unicast'.
 */
function ipv6Range(address: ipaddr.IPv6): string {
  const range = address.range();
  if (range !== 'unicast') return range;
  const { parts } = address;
  if (parts.slice(0, 6).every((p) => p === 0)) return 'ipv4Compatible';
  const first = parts[0] ?? 0;
  return first >= 0x2000 && first <= 0x3fff ? 'unicast' : 'unallocated';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).isPublic;
}
