import { describe, expect, it } from 'vitest';
import { permanentRedirectConfig, serverKind } from './server-fixes.ts';

describe('server fixes', () => {
  it('tells the server from its headers', () => {
    expect(serverKind({ server: 'nginx/1.25' })).toBe('nginx');
    expect(serverKind({ server: 'openresty' })).toBe('nginx');
    expect(serverKind({ server: 'Apache/2.4.58 (Ubuntu)' })).toBe('apache');
    expect(serverKind({ server: 'Caddy' })).toBe('caddy');
    expect(serverKind({ server: 'Microsoft-IIS/10.0' })).toBe('iis');
    expect(serverKind({ 'x-powered-by': 'Express' })).toBe('express');
    expect(serverKind({ server: 'cloudflare' })).toBeNull();
    expect(serverKind({})).toBeNull();
  });

  it('writes an exact-path permanent redirect', () => {
    const target = 'https://example.com/new';
    expect(permanentRedirectConfig('nginx', '/old.html', target)).toBe(
      'location = /old.html {\n  return 301 https://example.com/new;\n}',
    );
    expect(permanentRedirectConfig('apache', '/old.html', target)).toBe(
      'RedirectMatch permanent ^/old\\.html$ https://example.com/new',
    );
    expect(permanentRedirectConfig('caddy', '/old', target)).toBe(
      'redir /old https://example.com/new permanent',
    );
    expect(permanentRedirectConfig('iis', '/old', target)).toBeNull();
  });
});
