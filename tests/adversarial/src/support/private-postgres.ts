import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres } from '@crawlwise/server/db/database';
import { sql } from 'drizzle-orm';
import { freePort, waitFor } from './processes.ts';

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free loopback port, that
 * the test may stop and start at will. Never the shared cluster: outage tests stop only this.
 * PostgreSQL refuses to run as root, so under root it runs as the `postgres` (or `nobody`) user.
 */

export interface PrivatePostgres {
  /** postgres://… of a database created for the test. */
  url: string;
  /** Fast shutdown (SIGINT): open sessions are terminated, as in a restart or failover. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
  log(): string;
}

/** The newest installed PostgreSQL's bin directory, or why there is none. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const override = process.env.PG_BIN_DIR;
  const candidates = override
    ? [override]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      : [];
  const bin = candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')),
  );
  if (!bin) {
    return {
      missing:
        'PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN_DIR)',
    };
  }
  if (process.getuid?.() === 0 && !unprivilegedUser()) {
    return { missing: 'running as root with no postgres or nobody user to run PostgreSQL as' };
  }
  return { bin };
}

function unprivilegedUser(): { uid: number; gid: number } | null {
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (uid > 0) return { uid, gid };
    } catch {
      // no such user
    }
  }
  return null;
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const user = process.getuid?.() === 0 ? unprivilegedUser() : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-locale', '-E', 'UTF8', '--no-sync'],
    { ...asUser, cwd: dir, stdio: 'pipe' },
  );
  const port = await freePort();
  let log = '';
  let child: ChildProcess | null = null;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const start = async () => {
    const server = spawn(
      path.join(bin, 'postgres'),
      [
        ...['-D', dataDir, '-p', String(port), '-k', dir, '-h', '127.0.0.1'],
        // A throwaway database: durability is not what these tests are about, speed is.
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=60'],
      ],
      { ...asUser, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (chunk) => {
      log += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      log += chunk;
    });
    child = server;
    const probe = connectPostgres(adminUrl, 1);
    try {
      await waitFor(
        async () => {
          if (server.exitCode !== null) throw new Error(`postgres exited:\n${log}`);
          return probe.ping().then(
            () => true,
            () => false,
          );
        },
        START_TIMEOUT_MS,
        'the private PostgreSQL to accept connections',
      );
    } finally {
      await probe.close();
    }
  };

  const stop = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  await start();
  const admin = connectPostgres(adminUrl, 1);
  try {
    await admin.db.execute(sql`create database crawlwise`);
  } finally {
    await admin.close();
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/crawlwise`,
    start,
    stop,
    destroy: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => log,
  };
}
