#!/usr/bin/env node
// Runs the TypeScript CLI directly, so it works right after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
