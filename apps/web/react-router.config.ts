import { NOT_FOUND_PRERENDER_PATH, PRERENDERED_ROUTES } from '@crawlwise/shared/routes';
import type { Config } from '@react-router/dev/config';

export default {
  // Marketing pages are static HTML so crawlers see them without script; report, auth and profile
  // render in the browser from the SPA fallback file.
  ssr: false,
  prerender: [...PRERENDERED_ROUTES, NOT_FOUND_PRERENDER_PATH],
} satisfies Config;
