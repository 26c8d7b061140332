/**
 * Serves a generated site until interrupted, for crawling it by hand or from another process:
 *
 *   npx tsx bench/site-generator/serve-cli.ts --pages=10000 --seed=crawl-v1 --manifest=/tmp/site.json
 *
 * Prints the start address (127.0.0.1, a free port) on stdout; `--manifest` writes the expected
 * manifest, on that address, as JSON.
 */
import { writeFileSync } from 'node:fs';
import { generateSite } from './generate-site.ts';
import { serveSite } from './serve-site.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const pages = Number(args.get('pages') ?? 300);
const seed = args.get('seed') ?? 'crawlwise-site-v1';

const started = performance.now();
const site = generateSite({ pages, seed, origin: 'https://site.test' });
const served = await serveSite(site);
const manifest = args.get('manifest');
if (manifest) writeFileSync(manifest, `${JSON.stringify(served.expected, null, 2)}\n`);
process.stderr.write(
  `${pages} pages (seed ${seed}) generated and served in ${Math.round(performance.now() - started)} ms\n`,
);
process.stdout.write(`${served.url}\n`);

const stop = () => void served.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
