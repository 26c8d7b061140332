// Removes the compiled output of the server-side packages, so a file deleted from src/ never
// survives in dist/ from an earlier build.
import { rmSync } from 'node:fs';

for (const dir of ['packages/shared/dist', 'packages/analyzer/dist', 'apps/server/dist']) {
  rmSync(new URL(`../${dir}`, import.meta.url), { recursive: true, force: true });
}
