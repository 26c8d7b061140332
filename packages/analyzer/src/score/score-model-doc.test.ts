import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE, SCORE_CATEGORIES, SCORE_MODEL_VERSION } from './score-config.ts';

/**
 * docs/score-model.md publishes the score model (the website's /features/score-model page draws
 * on it). Its tables must say what score-config does, so the two cannot drift apart.
 */

const doc = readFileSync(new URL('../../../../docs/score-model.md', import.meta.url), 'utf8');

/** Rows of the first markdown table after a `## heading`, header and divider skipped. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`No "## ${heading}" section in score-model.md`);
  const lines = doc.slice(start).split('\n').slice(2);
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
  }
  return rows.slice(2);
}

describe('docs/score-model.md', () => {
  it('lists the categories and weights of score-config, in order', () => {
    const rows = tableAfter('Categories').map(([title, id, weight]) => ({
      id,
      title,
      weight: Number(weight),
    }));
    expect(rows).toEqual(SCORE_CATEGORIES.map(({ id, title, weight }) => ({ id, title, weight })));
  });

  it('lists the points of every check of score-config, in order', () => {
    const rows = tableAfter('Points per check').map(([check, category, critical, warning]) => ({
      check,
      category,
      critical: Number(critical),
      warning: Number(warning),
    }));
    expect(rows).toEqual(CHECK_CATALOGUE.map((entry) => ({ ...entry })));
  });

  it('states the number of checks', () => {
    expect(doc).toContain(`there are ${CHECK_CATALOGUE.length}, listed below`);
  });
});

describe('score-config', () => {
  it('has whole-number weights that sum to 100', () => {
    expect(SCORE_CATEGORIES.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(SCORE_CATEGORIES.every((c) => Number.isInteger(c.weight) && c.weight > 0)).toBe(true);
  });

  it('gives every check a category of the config, and a critical costing more than a warning', () => {
    const categories = new Set(SCORE_CATEGORIES.map((c) => c.id));
    for (const entry of CHECK_CATALOGUE) {
      expect(categories.has(entry.category), entry.check).toBe(true);
      expect(entry.critical, entry.check).toBeGreaterThan(entry.warning);
      expect(entry.warning, entry.check).toBeGreaterThan(0);
    }
    expect(new Set(CHECK_CATALOGUE.map((e) => e.check)).size).toBe(CHECK_CATALOGUE.length);
  });

  it('never lets one finding cost more than its category weight', () => {
    for (const entry of CHECK_CATALOGUE) {
      const weight = SCORE_CATEGORIES.find((c) => c.id === entry.category)!.weight;
      expect(entry.critical, entry.check).toBeLessThanOrEqual(weight);
    }
  });
});

describe('score model versions', () => {
  it('lists the current version, with the current number of checks', () => {
    const rows = tableAfter('Versions');
    const current = rows.find((row) => row[0] === String(SCORE_MODEL_VERSION));
    expect(current, `version ${SCORE_MODEL_VERSION} in the Versions table`).toBeDefined();
    expect(current?.[1]).toBe(String(CHECK_CATALOGUE.length));
    expect(rows.at(-1)?.[0]).toBe(String(SCORE_MODEL_VERSION));
  });
});
