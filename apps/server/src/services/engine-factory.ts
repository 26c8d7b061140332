import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { createEngine as createAnalyzerEngine } from '@crawlwise/analyzer/engine';
import type { Config } from '../config.ts';
import { releaseMemory } from './release-memory.ts';

/** The analyzer, configured from the server's settings. */
export async function createEngine(config: Config): Promise<AnalysisEngine> {
  return createAnalyzerEngine({
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    resolveOverrides: config.RESOLVE_OVERRIDES,
    ...(config.USER_AGENT ? { userAgent: config.USER_AGENT } : {}),
    render: config.RENDER === 'on',
    renderConcurrency: config.RENDER_CONCURRENCY,
    renderTimeoutMs: config.RENDER_TIMEOUT_MS,
    idleReleaseMs: config.IDLE_RELEASE_SECONDS * 1000,
    onIdleRelease: releaseMemory,
    analysisThreads: config.ANALYSIS_THREADS,
    dataDir: config.DATA_DIR,
    env: config.CHROMIUM_PATH
      ? { ...process.env, CHROMIUM_PATH: config.CHROMIUM_PATH }
      : process.env,
  });
}
