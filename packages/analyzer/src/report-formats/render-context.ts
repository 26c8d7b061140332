import type { ReportComparison } from '../cli-baseline.ts';

/**
 * What every report format is given besides the analyzer's report. Renderers take the
 * analyzer's `AnalysisReport` as it is, so they follow whatever type the report is given later.
 */
export interface RenderContext {
  /** The comparison with --baseline, or null without one. */
  comparison: ReportComparison | null;
  /** The CLI's version, for the formats that name their producer (SARIF). */
  toolVersion: string;
}

export const SEVERITY_MARK = { critical: '✖', warning: '▲', success: '✔' } as const;
