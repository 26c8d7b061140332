import ipaddr from 'ipaddr.js';

/**
 * Who is asking, for the report limits. A signed-in user is counted by account; anyone else by
 * client address. An IPv6 client usually holds a whole /64 (SLAAC, privacy addresses), so
 * counting single IPv6 addresses would let one machine hop to a fresh address per request:
 * the /64 is the unit instead.
 */

const IPV6_GROUP_PREFIX = 64;

export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return `addr:${address}`;
  // process() turns IPv4-mapped IPv6 (::ffff:1.2.3.4, as a dual-stack socket reports IPv4) into IPv4.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return `ip4:${parsed.toString()}`;
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_GROUP_PREFIX}`);
  return `ip6:${network.toString()}/${IPV6_GROUP_PREFIX}`;
}

/** `request.ip` is already the client address (X-Forwarded-For only from trusted proxies). */
export function requesterKey(request: { ip: string; userId: string | null }): string {
  return request.userId ? `user:${request.userId}` : addressGroup(request.ip);
}
