import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is validated once at start-up; an invalid
 * configuration reports every problem at once (see loadConfig). `.env.example` lists them all.
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .default('')
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** `host=ip,host=ip`: fixed answers for chosen hosts, like curl's --resolve. */
const resolveOverrides = optionalString.transform((value, ctx) => {
  const map = new Map<string, string>();
  for (const pair of value?.split(',') ?? []) {
    const [host, address] = pair.split('=').map((part) => part.trim());
    if (!host || !address) {
      ctx.addIssue({ code: 'custom', message: `expected host=address, got "${pair}"` });
      return z.NEVER;
    }
    map.set(host.toLowerCase(), address);
  }
  return map;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ALLOW_PRIVATE_TARGETS: booleanFlag,
  RESOLVE_OVERRIDES: resolveOverrides,
  USER_AGENT: optionalString,
  CHROMIUM_PATH: optionalString,
  RENDER: z.enum(['on', 'off']).default('on'),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How long a claimed report stays with its worker without a heartbeat before another may take it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  /** With `npm start` the web server also runs a worker; set 0 for a web-only process. */
  EMBEDDED_WORKER: z
    .enum(['1', '0', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  WEB_DIST_DIR: optionalString,
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const dataDir = parsed.data.DATA_DIR;
  // memory:// keeps the embedded database in memory (tests); anything else is a directory.
  return {
    ...parsed.data,
    DATA_DIR: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
  };
}
