import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.WEB_DIST_DIR).toMatch(/\/apps\/web\/build\/client$/);
    expect(config.TRUSTED_PROXIES).toEqual([]);
    expect(config.RATE_LIMITS).toBe('on');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SUPPORT_EMAIL).toBe('support@crawlwise.app');
    expect(config.MAIL_FROM).toBe('Crawlwise <support@crawlwise.app>');
    expect(config.REPORT_STUCK_AFTER_SECONDS).toBe(300);
    expect(loadConfig({ REPORT_STUCK_AFTER_SECONDS: '8' }).REPORT_STUCK_AFTER_SECONDS).toBe(8);
  });

  it('parses trusted proxies and mail settings', () => {
    const config = loadConfig({
      TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,loopback,192.0.2.7',
      SMTP_URL: 'smtp://user:secret@mail.example.com:587',
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1', 'loopback', '192.0.2.7']);
    expect(config.SMTP_URL).toBe('smtp://user:secret@mail.example.com:587');
    expect(config.MAIL_FROM).toBe('Crawlwise <help@example.com>');
    expect(loadConfig({ MAIL_FROM: 'Bot <bot@example.com>' }).MAIL_FROM).toBe(
      'Bot <bot@example.com>',
    );
  });

  it('refuses malformed proxies and mail settings', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8,proxy.example.com' })).toThrow(
      /TRUSTED_PROXIES.*proxy\.example\.com/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('takes an AUTH_SECRET of 32 characters or more, and none by default', () => {
    expect(loadConfig({}).AUTH_SECRET).toBeUndefined();
    expect(loadConfig({ AUTH_SECRET: ' ' }).AUTH_SECRET).toBeUndefined();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET.*32/);
  });

  it('parses flags and overrides', () => {
    const config = loadConfig({
      ALLOW_PRIVATE_TARGETS: '1',
      RESOLVE_OVERRIDES: 'shop.test=127.0.0.1, b.test=::1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(config.RESOLVE_OVERRIDES.get('shop.test')).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('reads ANALYSIS_THREADS as an integer from 0 to 16, default 2', () => {
    expect(loadConfig({}).ANALYSIS_THREADS).toBe(2);
    expect(loadConfig({ ANALYSIS_THREADS: '0' }).ANALYSIS_THREADS).toBe(0);
    expect(loadConfig({ ANALYSIS_THREADS: '16' }).ANALYSIS_THREADS).toBe(16);
    for (const value of ['-1', '17', '1.5', 'many']) {
      expect(() => loadConfig({ ANALYSIS_THREADS: value })).toThrow(/ANALYSIS_THREADS/);
    }
  });

  it('takes the sign-in providers only as complete groups', () => {
    const none = loadConfig({});
    expect(none.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(none.OIDC_NAME).toBe('OpenID Connect');
    const both = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'crawlwise',
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_NAME: 'Company SSO',
    });
    expect(both.OIDC_NAME).toBe('Company SSO');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x' }),
    ).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }),
    ).toThrow(/OIDC_ISSUER/);
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ALLOW_PRIVATE_TARGETS: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('ALLOW_PRIVATE_TARGETS');
    }
  });
});
