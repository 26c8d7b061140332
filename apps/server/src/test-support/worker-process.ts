import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real worker process (src/worker-main.ts) for the tests that kill or share workers on
 * PostgreSQL: private targets allowed (the test sites are on 127.0.0.1), no render, its output
 * kept for the assertions that read its log lines.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface WorkerProcess {
  child: ChildProcess;
  log: () => string;
}

/** Every worker started here, killed when the test process exits whatever its tests did. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ALLOW_PRIVATE_TARGETS: '1',
      RENDER: 'off',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  return { child, log: () => log };
}

export async function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGTERM');
  await exited;
}
