import { describe, expect, it } from 'vitest';
import { tokenMayCall } from './token-policy.ts';

describe('tokenMayCall', () => {
  it('lets every token read reports, history, comparisons, site checks and watches', () => {
    for (const route of ['/api/reports/:token', '/api/me/history', '/api/site-checks/:id/report']) {
      expect(tokenMayCall('read', 'GET', route)).toBe(true);
      expect(tokenMayCall('write', 'HEAD', route)).toBe(true);
    }
  });

  it('lets only a write token create reports, site checks and watches', () => {
    for (const [method, route] of [
      ['POST', '/api/reports'],
      ['POST', '/api/site-checks'],
      ['POST', '/api/watches'],
      ['DELETE', '/api/watches/:id'],
    ] as const) {
      expect(tokenMayCall('read', method, route)).toBe(false);
      expect(tokenMayCall('write', method, route)).toBe(true);
    }
  });

  it('keeps every token away from account management', () => {
    for (const [method, route] of [
      ['POST', '/api/auth/*'],
      ['GET', '/api/auth/*'],
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens'],
      ['DELETE', '/api/me/tokens/:id'],
      ['PATCH', '/api/me/profile'],
      ['GET', '/api/me/profile'],
      ['POST', '/api/me/avatar'],
      ['DELETE', '/api/reports/:token'],
    ] as const) {
      expect(tokenMayCall('write', method, route)).toBe(false);
    }
  });

  it('lets every token speak MCP (each tool checks its own scope)', () => {
    expect(tokenMayCall('read', 'POST', '/mcp')).toBe(true);
  });
});
