/**
 * Gives memory back once the engine has gone idle (its browser and analysis threads stopped after
 * IDLE_RELEASE_SECONDS): one full garbage collection. V8 collects when it allocates, so a server
 * left idle after a load kept its last garbage — about 70 MB of heap measured after a minute of
 * analyses (bench/footprint.ts, issue 23). `gc` exists only when Node runs with `--expose-gc`
 * (`npm start` and `npm run worker` do); elsewhere this does nothing.
 */
export function releaseMemory(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}
