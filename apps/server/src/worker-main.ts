import { createServices } from './composition-root.ts';
import { exitOnStartupError, loadConfigOrExit, onShutdownSignal } from './lifecycle.ts';
import { Worker } from './worker/worker.ts';

/**
 * `npm run worker`: a worker alone. Point several of them (on one or many machines) at the same
 * PostgreSQL with DATABASE_URL and they share the queue.
 */
async function main() {
  const config = loadConfigOrExit();
  const services = await createServices(config);
  const worker = new Worker(services, {
    concurrency: config.WORKER_CONCURRENCY,
    discoveryDeadlineMs: config.SITE_DISCOVERY_TIMEOUT_SECONDS * 1000,
    warmUpSiteReport: true,
  });
  onShutdownSignal(async () => {
    await worker.stop(config.WORKER_STOP_GRACE_MS);
    await services.close();
  });
  await worker.start();
}

main().catch(exitOnStartupError);
