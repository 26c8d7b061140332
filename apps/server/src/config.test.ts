import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
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
