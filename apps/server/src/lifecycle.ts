import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/** Loads the configuration or prints every problem and exits non-zero. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Start-up failures a user can fix get a plain message instead of a stack trace. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Crawlwise failed to start:', error);
  process.exit(1);
}

/**
 * Runs `shutdown` once on SIGTERM or SIGINT; a second signal, or a shutdown that hangs past
 * the grace period, exits at once.
 */
export function onShutdownSignal(shutdown: () => Promise<void>, graceMs = 25_000): void {
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    console.error(`${signal} received: shutting down`);
    setTimeout(() => process.exit(1), graceMs).unref();
    shutdown().then(
      () => process.exit(0),
      (error) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
