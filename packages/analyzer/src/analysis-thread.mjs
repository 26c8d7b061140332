// Entry of an analysis thread (see analysis-pool.ts). Plain JavaScript on purpose: a worker
// thread does not inherit the TypeScript loader of its parent (tsx, vitest), so it registers
// tsx itself before loading the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-thread.ts');
