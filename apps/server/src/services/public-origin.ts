import { trimOrigin } from '@crawlwise/shared/public-origin';
import type { Config } from '../config.ts';

/**
 * Where the installation is reached: PUBLIC_URL, else http://localhost:PORT. It is the base of
 * the account routes and of every absolute address in the served pages (canonical, Open Graph,
 * robots.txt, sitemap.xml).
 */
export function publicOrigin(config: Config): string {
  return trimOrigin(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
}
