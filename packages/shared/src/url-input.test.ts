import { describe, expect, it } from 'vitest';
import { normalizeUrlForStorage, normalizeUrlInput, parseServerUrl } from './url-input.ts';

describe('normalizeUrlInput (client rules)', () => {
  it('requires a value', () => {
    expect(normalizeUrlInput('   ')).toEqual({
      ok: false,
      code: 'missing_url',
      message: 'Please enter a website URL',
    });
  });

  it('strips prefixes and prepends https', () => {
    expect(normalizeUrlInput('Website: example.com/path')).toEqual({
      ok: true,
      url: 'https://example.com/path',
    });
    expect(normalizeUrlInput('SITE://shop.example.co.uk')).toEqual({
      ok: true,
      url: 'https://shop.example.co.uk',
    });
    expect(normalizeUrlInput('url:http://example.org')).toEqual({
      ok: true,
      url: 'http://example.org',
    });
  });

  it('removes leading slashes before prepending the scheme', () => {
    expect(normalizeUrlInput('//example.com')).toEqual({ ok: true, url: 'https://example.com' });
  });

  it('rejects hosts without a dot or a 2+ letter ending', () => {
    expect(normalizeUrlInput('localhost')).toMatchObject({ ok: false, code: 'invalid_url' });
    expect(normalizeUrlInput('https://example')).toMatchObject({ ok: false, code: 'invalid_url' });
    expect(normalizeUrlInput('example.c')).toMatchObject({
      ok: false,
      message: 'Please enter a valid website (e.g., example.com)',
    });
  });

  it("echoes the visitor's host in the hint only when that host is itself valid", () => {
    // The host is fine, the port is not: the hint shows their own site.
    expect(normalizeUrlInput('shop.example.org:123456')).toMatchObject({
      message: 'Please enter a valid website (e.g., shop.example.org)',
    });
    // An invalid host is never offered as an example.
    for (const input of ['exa_mple.com', '-shop.example.com/x', 'https://a..b.com']) {
      expect(normalizeUrlInput(input)).toMatchObject({
        ok: false,
        message: 'Please enter a valid website (e.g., example.com)',
      });
    }
  });

  it('lets addresses with an explicit scheme and an IP or localhost host through to the server', () => {
    // The server answers these precisely (private_ip), which "not a valid website" would hide.
    for (const url of ['http://127.0.0.1:3000/', 'https://localhost', 'http://[::1]:8080/a']) {
      expect(normalizeUrlInput(url)).toEqual({ ok: true, url });
    }
    expect(normalizeUrlInput('127.0.0.1')).toMatchObject({ ok: false, code: 'invalid_url' });
  });

  it('keeps a port and query', () => {
    expect(normalizeUrlInput('example.com:8080/a?b=1')).toEqual({
      ok: true,
      url: 'https://example.com:8080/a?b=1',
    });
  });
});

describe('parseServerUrl (server rules)', () => {
  it('refuses missing, long, and non-http input', () => {
    expect(parseServerUrl(undefined)).toMatchObject({ ok: false, code: 'missing_url' });
    expect(parseServerUrl(`https://example.com/${'a'.repeat(2048)}`)).toMatchObject({
      ok: false,
      code: 'url_too_long',
    });
    expect(parseServerUrl('ftp://example.com')).toMatchObject({
      ok: false,
      code: 'unsupported_protocol',
    });
    expect(parseServerUrl('javascript:alert(1)')).toMatchObject({
      ok: false,
      code: 'unsupported_protocol',
    });
    expect(parseServerUrl('http://user:pw@example.com')).toMatchObject({
      ok: false,
      code: 'invalid_url',
    });
  });

  it('accepts host:port without a scheme and IP literals', () => {
    const a = parseServerUrl('example.com:8080/x');
    expect(a.ok && a.url.href).toBe('https://example.com:8080/x');
    const b = parseServerUrl('http://127.0.0.1:3000/#frag');
    expect(b.ok && b.url.href).toBe('http://127.0.0.1:3000/');
  });
});

describe('normalizeUrlForStorage', () => {
  it('lower-cases the host, drops default port and fragment', () => {
    expect(normalizeUrlForStorage('HTTPS://Example.COM:443#top')).toBe('https://example.com/');
  });
});
