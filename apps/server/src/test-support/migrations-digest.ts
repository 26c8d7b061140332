import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/database.ts';

/**
 * Feeds every migration file (its name and contents, in name order) into `hash`: a migrated
 * database kept for reuse by the tests (test-support/pglite-template.ts, tests/e2e harness) is
 * named after it, so a changed or added migration makes a new one.
 */
export function hashMigrations(hash: Hash): Hash {
  for (const name of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash;
}
