/**
 * A crawl's site findings against the generated site's manifest (`expected.affected`), as the
 * generated-site tests compare them: per finding, the set of addresses its items name. The
 * server's report lists at most MAX_FINDING_ITEMS items of a finding (with the full count), so a
 * clipped finding is compared by its count and by every listed address being expected.
 */

export interface FoundFinding {
  id: string;
  /** Items in all (the report's `count`). */
  count: number;
  /** The addresses of the items listed (all of them, or the first ones when clipped). */
  urls: readonly string[];
}

export interface FindingCheck {
  id: string;
  expected: number;
  found: number;
  /** Expected addresses the crawl did not name (only knowable when nothing was clipped). */
  missing: string[];
  /** Addresses the crawl named that the manifest does not. */
  extra: string[];
  clipped: boolean;
  ok: boolean;
}

export interface Comparison {
  /** Every finding as expected, and no finding the manifest does not have. */
  ok: boolean;
  checks: FindingCheck[];
  /** Broken-link targets the manifest does not list as broken. */
  falseBrokenLinks: string[];
}

export function compareFindings(
  affected: Readonly<Record<string, readonly string[]>>,
  found: readonly FoundFinding[],
): Comparison {
  const byId = new Map(found.map((finding) => [finding.id, finding]));
  const ids = [...new Set([...Object.keys(affected), ...byId.keys()])].sort();
  const checks = ids.map((id): FindingCheck => {
    const want = new Set(affected[id] ?? []);
    const finding = byId.get(id);
    const named = new Set(finding?.urls ?? []);
    const clipped = finding !== undefined && finding.count > named.size;
    const extra = [...named].filter((url) => !want.has(url)).sort();
    const missing = clipped ? [] : [...want].filter((url) => !named.has(url)).sort();
    const count = clipped ? (finding?.count ?? 0) : named.size;
    return {
      id,
      expected: want.size,
      found: count,
      missing,
      extra,
      clipped,
      ok: extra.length === 0 && missing.length === 0 && count === want.size,
    };
  });
  const broken = checks.find((check) => check.id === 'broken-internal-links');
  return {
    ok: checks.every((check) => check.ok),
    checks,
    falseBrokenLinks: broken?.extra ?? [],
  };
}

/** One line per finding that is not as expected (empty when all are). */
export function describeMismatches(comparison: Comparison): string[] {
  return comparison.checks
    .filter((check) => !check.ok)
    .map((check) => {
      const parts = [`${check.id}: expected ${check.expected}, found ${check.found}`];
      if (check.missing.length > 0) parts.push(`missing ${sample(check.missing)}`);
      if (check.extra.length > 0) parts.push(`extra ${sample(check.extra)}`);
      return parts.join('; ');
    });
}

function sample(urls: readonly string[]): string {
  const shown = urls.slice(0, 3).join(', ');
  return urls.length > 3 ? `${shown} … (${urls.length})` : shown;
}
