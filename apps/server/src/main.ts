import { buildApp } from './app.ts';
import { createServices } from './composition-root.ts';
import { exitOnStartupError, loadConfigOrExit, onShutdownSignal } from './lifecycle.ts';
import { Worker } from './worker/worker.ts';

/** `npm start`: the web server and, unless EMBEDDED_WORKER=0, a worker in the same process. */
async function main() {
  const config = loadConfigOrExit();
  const services = await createServices(config);
  const app = await buildApp(services);
  const worker = config.EMBEDDED_WORKER
    ? new Worker(services, {
        concurrency: config.WORKER_CONCURRENCY,
        discoveryDeadlineMs: config.SITE_DISCOVERY_TIMEOUT_SECONDS * 1000,
        warmUpSiteReport: true,
      })
    : null;

  onShutdownSignal(async () => {
    // Stop accepting and finish in-flight requests, then finish or release in-flight jobs.
    await app.close();
    await worker?.stop(config.WORKER_STOP_GRACE_MS);
    await services.close();
  });

  await worker?.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: services.database.kind, worker: Boolean(worker) },
    `Crawlwise is running on http://localhost:${config.PORT}`,
  );
}

main().catch(exitOnStartupError);
