import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExpectedSite } from '../site-generator/manifest.ts';
import type { SiteChildMessage, SiteParentMessage } from './site-messages.ts';

/** The generated site served by a child process (site-child.ts), seen from the benchmark. */
export interface SiteProcess {
  url: string;
  pages: number;
  generateMs: number;
  bodyBytes: number;
  expected: ExpectedSite;
  pid: number;
  /** Publishes the verification file with this token. */
  publishToken(token: string): Promise<void>;
  /** Requests answered so far, by path. */
  requests(): Promise<Record<string, number>>;
  resetRequests(): Promise<void>;
  close(): Promise<void>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

export async function startSiteProcess(
  pages: number,
  seed: string,
  maxAddresses: number,
): Promise<SiteProcess> {
  const child: ChildProcess = fork(
    path.join(HERE, 'site-child.ts'),
    [String(pages), seed, String(maxAddresses)],
    // The 10,000-page site's manifest crosses IPC once; the site lives only in the child.
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  const next = <T extends SiteChildMessage['type']>(type: T) =>
    new Promise<Extract<SiteChildMessage, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`site server exited (${code})`));
      const onMessage = (message: SiteChildMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<SiteChildMessage, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const say = (message: SiteParentMessage) => child.send(message);
  let ready: Extract<SiteChildMessage, { type: 'ready' }>;
  try {
    ready = await next('ready');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: ready.url,
    pages: ready.pages,
    generateMs: ready.generateMs,
    bodyBytes: ready.bodyBytes,
    expected: ready.expected,
    pid: child.pid!,
    async publishToken(token) {
      const done = next('verification-ready');
      say({ type: 'verification-token', token });
      await done;
    },
    async requests() {
      const answer = next('requests');
      say({ type: 'requests' });
      return (await answer).requests;
    },
    async resetRequests() {
      const done = next('reset-done');
      say({ type: 'reset' });
      await done;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.disconnect();
      await exited;
      clearTimeout(timer);
    },
  };
}
