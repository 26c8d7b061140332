// Zod is configured (interpreted parsing) before the shared schemas are built: ES modules run
// their imports in order, and this is the one module the forms load on demand.
import './zod-jitless.ts';

export * from '@crawlwise/shared/forms';
