import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratedInMemoryDump, startInMemoryDatabasesFrom } from '../db/database.ts';
import { hashMigrations } from './migrations-digest.ts';

/**
 * Vitest setup file of the server project: on PGlite every in-memory database a test opens starts
 * from one migrated empty database (db/database.ts startInMemoryDatabasesFrom) instead of running
 * initdb and the migrations again — seconds per file, for the ~90 files of the suite. The copy is
 * kept in the system's temporary directory, named after the migrations and PGlite's version, so
 * test files, Vitest workers and later runs share it and a changed migration makes a new one.
 */
const templateFile = (): string => {
  const hash = createHash('sha256');
  hash.update(process.versions.node);
  // The engine's own files: PGlite's entry point (its version is in the path's package).
  hash.update(fs.readFileSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  hashMigrations(hash);
  return path.join(os.tmpdir(), `crawlwise-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
};

async function template(): Promise<Blob> {
  const file = templateFile();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const dump = await migratedInMemoryDump();
  // Written aside and renamed: a worker starting beside this one reads a whole copy or none.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

if (!process.env.DATABASE_URL) startInMemoryDatabasesFrom(await template());
