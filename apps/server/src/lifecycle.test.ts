import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('start-up with an invalid configuration', () => {
  it.each(['src/main.ts', 'src/worker-main.ts'])(
    '%s prints every problem and exits non-zero',
    (entry) => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', entry], {
        cwd: SERVER_ROOT,
        env: {
          ...process.env,
          PORT: 'not-a-port',
          DATABASE_URL: 'mysql://nope',
          WORKER_CONCURRENCY: '0',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Invalid configuration');
      expect(result.stderr).toContain('PORT');
      expect(result.stderr).toContain('DATABASE_URL');
      expect(result.stderr).toContain('WORKER_CONCURRENCY');
    },
  );
});
