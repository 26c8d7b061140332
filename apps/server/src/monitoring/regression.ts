/**
 * Whether a watch run got worse than its baseline (pure; the monitor reads the two reports).
 * Two signals, as the product promises: the score dropped by at least the owner's threshold, or
 * a check now fails as critical that did not fail before. Checks the baseline did not run at all
 * (added by a newer analyzer) are not called new failures, and scores of two different score
 * models are not compared: both would be changes of Crawlwise, not of the page.
 */

export interface JudgedFinding {
  id: string;
  outcome: string;
  severity: string;
  message?: string;
}

export interface JudgedReport {
  score: number;
  scoreModel: number | null;
  issues: JudgedFinding[];
}

export interface Regression {
  /** Points lost (positive), or null when the scores are not comparable or did not drop enough. */
  scoreDrop: number | null;
  /** Critical failures that are new in this run. */
  newCritical: Array<{ id: string; message: string }>;
}

export function judgeRegression(
  previous: JudgedReport,
  current: JudgedReport,
  thresholdPoints: number,
): Regression | null {
  const comparableScores = previous.scoreModel === current.scoreModel;
  const drop = previous.score - current.score;
  const scoreDrop = comparableScores && drop >= thresholdPoints ? drop : null;

  const before = new Map(previous.issues.map((finding) => [finding.id, finding]));
  const newCritical = current.issues
    .filter((finding) => finding.outcome === 'failed' && finding.severity === 'critical')
    .filter((finding) => {
      const earlier = before.get(finding.id);
      return earlier !== undefined && earlier.outcome !== 'failed';
    })
    .map((finding) => ({ id: finding.id, message: finding.message ?? finding.id }));

  if (scoreDrop === null && newCritical.length === 0) return null;
  return { scoreDrop, newCritical };
}
