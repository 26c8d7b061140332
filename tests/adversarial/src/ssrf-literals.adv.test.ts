import net from 'node:net';
import { AnalysisError } from '@crawlwise/analyzer/analysis-error';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Literal private, loopback and metadata addresses are refused before any socket is opened: the
 * spy throws on connect, so a broken guard could never send traffic anywhere.
 */
afterEach(() => vi.restoreAllMocks());

describe('SSRF literal forms', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::ffff:10.0.0.1]/',
    // IPv4-compatible (::/96): refused whatever it carries.
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[::169.254.169.254]/',
    'http://[::7f00:1]/',
    'http://[::5db8:d822]/',
    // NAT64, well-known (judged by the IPv4 inside) and local-use (refused outright).
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b:1::5db8:d822]/',
    // 6to4 carrying a private address, Teredo, IPv4-translated.
    'http://[2002:a9fe:a9fe::]/',
    'http://[2002:7f00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[::ffff:0:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
  ])('refuses %s without connecting', async (url) => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('a connection was attempted');
    });
    const error = await fetchPage(url, { guard: createAddressGuard() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).code).toBe('private_ip');
    expect(connect).not.toHaveBeenCalled();
  });
});
