import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisError } from '../analysis-error.ts';
import { codeOf, resolverOf } from '../test-support/guard-helpers.ts';
import type { Resolver } from '../types.ts';
import {
  classifyAddress,
  createAddressGuard,
  DEFAULT_ALLOWED_PORTS,
  parseHostLiteral,
} from './address-guard.ts';

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

describe('parseHostLiteral', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    // IPv4-compatible, not mapped: ipaddr.js alone would read these as ::ffff:…, unlike sockets.
    ['[::127.0.0.1]', '::7f00:1'],
    ['::10.0.0.1', '::a00:1'],
    ['[64:ff9b::10.0.0.1]', '64:ff9b::a00:1'],
  ])('reads %s as %s', (host, expected) => {
    expect(parseHostLiteral(host)?.toString()).toBe(expected);
  });

  it('returns null for names that need DNS', () => {
    expect(parseHostLiteral('example.com')).toBeNull();
    expect(parseHostLiteral('localhost')).toBeNull();
    expect(parseHostLiteral('1.2.3.4.5')).toBeNull();
  });
});

describe('classifyAddress', () => {
  it.each([
    ['::ffff:10.0.0.1', '10.0.0.1', 'private'],
    ['2002:0a00:0001::', '10.0.0.1', 'private'],
    ['64:ff9b::a00:1', '10.0.0.1', 'private'],
    ['2002:5db8:d822::', PUBLIC_V4, 'unicast'],
  ])('judges %s by the IPv4 address inside (%s)', (address, inner, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.embeddedIPv4).toBe(inner);
    expect(verdict.range).toBe(range);
    expect(verdict.isPublic).toBe(range === 'unicast');
  });

  it.each([
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::10.0.0.1', 'ipv4Compatible'],
    ['::169.254.169.254', 'ipv4Compatible'],
    // Refused even with a public address inside: ::/96 is deprecated and reaches no website.
    ['::93.184.216.34', 'ipv4Compatible'],
    ['::ffff:0:5db8:d822', 'rfc6145'],
    ['64:ff9b:1::5db8:d822', 'rfc6052'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['1::1', 'unallocated'],
    ['4000::1', 'unallocated'],
    ['::1:0:0:1', 'unallocated'],
  ])('refuses %s outright (%s), whatever IPv4 it may carry', (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.range).toBe(range);
    expect(verdict.embeddedIPv4).toBeUndefined();
    expect(verdict.isPublic).toBe(false);
  });

  it.each([PUBLIC_V6, '2a00:1450:4001:82a::200e', '::ffff:93.184.216.34', '64:ff9b::5db8:d822'])(
    'accepts the public address %s',
    (address) => {
      expect(classifyAddress(address).isPublic).toBe(true);
    },
  );

  it('refuses what it cannot parse, and scoped addresses', () => {
    expect(classifyAddress('not-an-ip').isPublic).toBe(false);
    expect(classifyAddress('fe80::1%eth0')).toMatchObject({ range: 'invalid', isPublic: false });
    expect(classifyAddress('2606:2800::1%eth0').isPublic).toBe(false);
  });
});

describe('createAddressGuard', () => {
  it.each([
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '127.0.0.1',
    '[::1]',
    '::1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[::10.0.0.1]',
    '[::169.254.169.254]',
    '[64:ff9b:1::a00:1]',
    '[2001::a00:1]',
    '0.0.0.0',
    '[::]',
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    '10.1.2.3',
    '169.254.169.254',
  ])('refuses the literal %s as private_ip without calling the resolver', async (host) => {
    const resolver = resolverOf(PUBLIC_V4);
    const guard = createAddressGuard({ resolver });
    expect(await codeOf(guard(host, 80))).toBe('private_ip');
    expect(resolver).not.toHaveBeenCalled();
  });

  it('refuses literal forms as the URL parser normalised them', async () => {
    const resolver = resolverOf(PUBLIC_V4);
    const guard = createAddressGuard({ resolver });
    for (const raw of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]']) {
      const { hostname } = new URL(`http://${raw}/`);
      expect(await codeOf(guard(hostname, 80))).toBe('private_ip');
    }
    expect(resolver).not.toHaveBeenCalled();
  });

  it.each([
    ['10.0.0.5'],
    ['192.168.1.1'],
    ['172.16.0.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['fd00::1'],
    ['fe80::1'],
    ['::ffff:10.0.0.1'],
    ['2002:0a00:0001::'],
    ['64:ff9b::a00:1'],
    ['::10.0.0.1'],
    ['::93.184.216.34'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['127.0.0.53'],
  ])('refuses a name resolving to %s', async (address) => {
    const guard = createAddressGuard({ resolver: resolverOf(address) });
    expect(await codeOf(guard('example.test', 443))).toBe('private_ip');
  });

  it('refuses a name with one public and one private address', async () => {
    const guard = createAddressGuard({ resolver: resolverOf(PUBLIC_V4, '10.0.0.1') });
    expect(await codeOf(guard('example.test', 443))).toBe('private_ip');
    const reversed = createAddressGuard({ resolver: resolverOf('fd00::1', PUBLIC_V6) });
    expect(await codeOf(reversed('example.test', 443))).toBe('private_ip');
  });

  it.each([
    ['intranet.test', ['10.1.2.3']],
    ['metadata.test', ['169.254.169.254']],
    ['mixed.test', [PUBLIC_V4, 'fd12:3456::7']],
    ['[::ffff:10.1.2.3]', []],
    ['localhost', []],
  ])(
    'refuses %s with the catalogue sentence, revealing no address or range',
    async (host, answers) => {
      const guard = createAddressGuard({ resolver: resolverOf(...answers) });
      const error = (await guard(host, 443).catch((e: unknown) => e)) as AnalysisError;
      expect(error.code).toBe('private_ip');
      expect(error.message).toBe(ERROR_CATALOGUE.private_ip.description);
      for (const leak of [...answers, '10.1.2.3', 'a01:203', 'linkLocal', 'uniqueLocal', host]) {
        expect(error.message).not.toContain(leak);
      }
    },
  );

  it('returns the first address of an all-public answer', async () => {
    const resolver = resolverOf(PUBLIC_V6, PUBLIC_V4);
    const guard = createAddressGuard({ resolver });
    await expect(guard('Example.COM', 443)).resolves.toEqual({ address: PUBLIC_V6, family: 6 });
    expect(resolver).toHaveBeenCalledWith('example.com');
  });

  it('accepts public literals without DNS', async () => {
    const resolver = resolverOf();
    const guard = createAddressGuard({ resolver });
    await expect(guard(PUBLIC_V4, 80)).resolves.toEqual({ address: PUBLIC_V4, family: 4 });
    await expect(guard(`[${PUBLIC_V6}]`, 80)).resolves.toEqual({ address: PUBLIC_V6, family: 6 });
    expect(resolver).not.toHaveBeenCalled();
  });

  it('allows only web ports, naming the port', async () => {
    expect(DEFAULT_ALLOWED_PORTS).toEqual([80, 443, 8080, 8443]);
    const guard = createAddressGuard({ resolver: resolverOf(PUBLIC_V4) });
    for (const port of [80, 443, 8080, 8443])
      await expect(guard('a.test', port)).resolves.toBeTruthy();
    const error = await guard('a.test', 22).catch((e: AnalysisError) => e);
    expect(error).toMatchObject({ code: 'invalid_url' });
    expect((error as Error).message).toContain('Port 22 is not allowed');
    const custom = createAddressGuard({ resolver: resolverOf(PUBLIC_V4), allowedPorts: [81] });
    await expect(custom('a.test', 81)).resolves.toBeTruthy();
  });

  it('reports a private literal on an odd port as private_ip, not as the port', async () => {
    const guard = createAddressGuard({ resolver: resolverOf(PUBLIC_V4) });
    expect(await codeOf(guard('localhost', 3000))).toBe('private_ip');
    expect(await codeOf(guard('10.0.0.1', 22))).toBe('private_ip');
  });

  it('reports DNS failures as dns_error naming the host', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nope.invalid'), {
      code: 'ENOTFOUND',
    });
    const guard = createAddressGuard({ resolver: vi.fn<Resolver>().mockRejectedValue(notFound) });
    const error = (await guard('nope.invalid', 443).catch((e) => e)) as AnalysisError;
    expect(error.code).toBe('dns_error');
    expect(error.message).toContain('nope.invalid');
    expect(error.message).toContain('ENOTFOUND');

    const again = Object.assign(new Error('EAI_AGAIN'), { code: 'EAI_AGAIN' });
    const flaky = createAddressGuard({ resolver: vi.fn<Resolver>().mockRejectedValue(again) });
    expect(await codeOf(flaky('slow.test', 443))).toBe('dns_error');

    const empty = createAddressGuard({ resolver: resolverOf() });
    expect(await codeOf(empty('empty.test', 443))).toBe('dns_error');
  });

  it('with allowPrivate, allows private addresses and any port (tests only)', async () => {
    const guard = createAddressGuard({ allowPrivate: true, resolver: resolverOf('127.0.0.1') });
    await expect(guard('127.0.0.1', 5173)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(guard('rebind.test', 1)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(guard('localhost', 3000)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('uses the system resolver by default', async () => {
    // localhost resolves from /etc/hosts, so this needs no network.
    const guard = createAddressGuard({ allowPrivate: true });
    const { address } = await guard('localhost', 80);
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});
