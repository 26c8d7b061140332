import { describe, expect, it } from 'vitest';
import { addressGroup, requesterKey } from './requester.ts';

describe('addressGroup', () => {
  it('keeps an IPv4 address, also when a dual-stack socket maps it into IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('ip4:203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('ip4:203.0.113.9');
  });

  it('groups IPv6 addresses by their /64', () => {
    const a = addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('ip6:2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2::1')).toBe(a);
    expect(addressGroup('2001:DB8:1:2:0:0:0:ffff')).toBe(a);
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(a);
  });

  it('does not fail on something that is not an address', () => {
    expect(addressGroup('unknown')).toBe('addr:unknown');
  });
});

describe('requesterKey', () => {
  it('counts a signed-in user by account, anyone else by address group', () => {
    expect(requesterKey({ ip: '203.0.113.9', userId: 'u1' })).toBe('user:u1');
    expect(requesterKey({ ip: '2001:db8::5', userId: null })).toBe('ip6:2001:db8::/64');
  });
});
