/**
 * Chromium started without Playwright, for chromium.connectOverCDP to attach to later: the CLI
 * starts the browser while playwright-core (~300 ms of loading) is still to come (issue 23.1).
 * The command line is the one chromium.launch() would use (browser-flags.ts) and the DevTools
 * protocol runs over the same pipe Playwright itself uses (no debugging port for other local
 * processes to find). No import of playwright-core here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { spawnArgs } from './browser-flags.ts';

/** The shape chromium.connectOverCDP(transport) takes: one DevTools message per call. */
export interface CdpPipeTransport {
  send(message: object): void;
  close(): Promise<void>;
  onmessage?: (message: object) => void;
  onclose?: (reason?: string) => void;
}

export interface SpawnedBrowser {
  readonly process: ChildProcess;
  readonly transport: CdpPipeTransport;
  /**
   * For connectOverCDP's `artifactsDir`: left to Playwright, it would make one in the temporary
   * directory and remove it only on a disconnect, which a CLI run ending in process.exit() never
   * sees. This one goes with the browser's profile.
   */
  readonly artifactsDir: string;
  /** Resolves once the browser has exited and its profile is removed. */
  readonly exited: Promise<void>;
  /** Kills the browser's process group; `exited` follows. */
  kill(): void;
}

/** Signals whose default action ends the process (and that a terminal or supervisor sends). */
const ENDING_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface SpawnBrowserOptions {
  executablePath: string;
  proxyPort: number;
  env: Record<string, string>;
}

export function spawnBrowser(options: SpawnBrowserOptions): SpawnedBrowser {
  const ownDir = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-chromium-'));
  const profileDir = path.join(ownDir, 'profile');
  const artifactsDir = path.join(ownDir, 'artifacts');
  mkdirSync(profileDir);
  mkdirSync(artifactsDir);
  const child = spawn(options.executablePath, spawnArgs(options.proxyPort, profileDir), {
    // Its own process group, so one kill reaches the zygote and the renderers too.
    detached: true,
    // Nothing reads Chromium's own output: a browser that cannot start is launched again by
    // Playwright, whose error carries the logs (browser-pool.ts).
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    env: options.env,
  });
  const killGroup = () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const removeOwnDir = () => rmSync(ownDir, { recursive: true, force: true, maxRetries: 5 });
  // A one-page CLI run ends with process.exit() and no close (cli-run.ts): as Playwright does
  // for the browsers it launched, the group is killed and the profile removed on the way out.
  const onProcessExit = () => {
    killGroup();
    removeOwnDir();
  };
  // Ended by a signal (Ctrl-C), the process runs no 'exit' handler: Chromium would still end
  // once its pipe closed, but its directory would stay. Cleaned up here, then the signal is
  // raised again, so the process ends as it would have.
  const onSignal = (signal: NodeJS.Signals) => {
    stopWatching();
    onProcessExit();
    process.kill(process.pid, signal);
  };
  const stopWatching = () => {
    process.off('exit', onProcessExit);
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
  };
  process.on('exit', onProcessExit);
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  const exited = new Promise<void>((resolve) => {
    const done = () => {
      stopWatching();
      // Renderers of a browser that crashed may outlive it in its group.
      killGroup();
      try {
        removeOwnDir();
      } catch {
        // Left in the temporary directory, as Playwright leaves one it cannot remove.
      }
      resolve();
    };
    child.once('exit', done);
    // A binary that cannot be executed: no 'exit' comes.
    child.once('error', () => {
      if (child.pid === undefined) done();
    });
  });
  const transport = pipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable, () => {
    killGroup();
    return exited;
  });
  return { process: child, transport, artifactsDir, exited, kill: killGroup };
}

/**
 * Chromium's --remote-debugging-pipe framing: JSON messages ended by a NUL byte, commands on
 * fd 3, answers and events on fd 4 (as playwright-core's own pipe transport reads them).
 */
function pipeTransport(
  toBrowser: Writable,
  fromBrowser: Readable,
  close: () => Promise<void>,
): CdpPipeTransport {
  let closed = false;
  let onclose: ((reason?: string) => void) | undefined;
  let pending: Buffer[] = [];
  const transport: CdpPipeTransport = {
    send(message) {
      if (closed) throw new Error('The browser pipe has closed');
      toBrowser.write(`${JSON.stringify(message)}\0`);
    },
    close,
    get onclose() {
      return onclose;
    },
    set onclose(handler) {
      onclose = handler;
      // Attached after the browser already went away: tell at once, as Playwright's does.
      if (closed) handler?.();
    },
  };
  // A write to a browser that just died must not end the process with an unhandled error.
  toBrowser.on('error', () => undefined);
  fromBrowser.on('error', () => undefined);
  fromBrowser.on('data', (chunk: Buffer) => {
    let start = 0;
    let end = chunk.indexOf(0, start);
    while (end !== -1) {
      pending.push(chunk.subarray(start, end));
      const text = Buffer.concat(pending).toString('utf8');
      pending = [];
      transport.onmessage?.(JSON.parse(text) as object);
      start = end + 1;
      end = chunk.indexOf(0, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  fromBrowser.on('close', () => {
    closed = true;
    onclose?.();
  });
  return transport;
}
