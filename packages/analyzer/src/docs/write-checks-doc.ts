import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECKS_DOC_PATH, renderChecksDoc } from './checks-doc.ts';

/** `npm run docs:checks`: rewrites docs/checks.md from the check catalogue. */
writeFileSync(CHECKS_DOC_PATH, renderChecksDoc());
console.log(`wrote ${fileURLToPath(CHECKS_DOC_PATH)}`);
