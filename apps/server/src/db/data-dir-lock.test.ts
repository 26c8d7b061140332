import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a directory locked by a live process and names it', () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'crawlwise.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a dead process', () => {
    const dir = tempDir();
    const dead = spawnSync('true').pid;
    fs.writeFileSync(path.join(dir, 'crawlwise.lock'), String(dead));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'crawlwise.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'crawlwise.lock'))).toBe(false);
  });

  it('refuses a second lock from the same process', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
  });
});

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('a second process on the same data directory', () => {
  it('fails at once with a clear message while the first holds the database', async () => {
    const dir = tempDir();
    const script = `
      import { openDatabase } from './src/db/database.ts';
      const db = await openDatabase({ dataDir: process.argv[1] });
      console.log('opened');
      setTimeout(async () => { await db.close(); }, 20000);
    `;
    const first = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, dir],
      {
        cwd: SERVER_ROOT,
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        first.stdout.on('data', (chunk) => String(chunk).includes('opened') && resolve());
        first.once('exit', (code) => reject(new Error(`first process exited ${code}`)));
      });
      const started = Date.now();
      const second = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, dir],
        { cwd: SERVER_ROOT, encoding: 'utf8', timeout: 30_000 },
      );
      expect(second.status).not.toBe(0);
      expect(second.stderr).toContain('is in use by another Crawlwise process');
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      first.kill('SIGKILL');
    }
  });
});
