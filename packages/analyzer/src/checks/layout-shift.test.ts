import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { LayoutShiftArtifact, RenderArtifact } from '../types.ts';
import { layoutShift } from './layout-shift.ts';

const html = '<html><head><title>t</title></head><body><main><p>Text</p></main></body></html>';
const rendered = (measured?: LayoutShiftArtifact): RenderArtifact => ({
  status: 'rendered',
  html,
  visibleText: 'Text',
  durationMs: 300,
  ...(measured ? { layoutShift: measured } : {}),
});
const run = (render: RenderArtifact) => layoutShift.run(makePage({ html, render }));

describe('layout-shift check', () => {
  it('is skipped without a render, saying why', () => {
    const outcome = layoutShift.run(makePage({ html }));
    expect(outcome).toMatchObject({
      severity: 'success',
      outcome: 'skipped',
      message: 'Layout shift not measured',
      details: { reason: 'No headless browser in unit tests' },
    });
  });

  it('is skipped when the render has no measurement (an older render, a tampered state)', () => {
    expect(run(rendered())).toMatchObject({ outcome: 'skipped', severity: 'success' });
  });

  it('passes a page that did not move', () => {
    expect(run(rendered({ cls: 0, shifts: 0, sources: [] }))).toMatchObject({
      severity: 'success',
      message: 'Nothing moved while the page loaded',
      details: { cls: 0, shifts: 0, sources: [] },
    });
  });

  it('passes a shift of 0.1 exactly (good in Core Web Vitals)', () => {
    const outcome = run(rendered({ cls: 0.1, shifts: 2, sources: [{ element: 'p', score: 0.1 }] }));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('The page barely moves while it loads (CLS 0.1)');
  });

  it('warns above 0.1 and names what moved', () => {
    const outcome = run(
      rendered({
        cls: 0.18,
        shifts: 3,
        sources: [
          { element: 'main#content', score: 0.12 },
          { element: 'div.promo > p', score: 0.04 },
        ],
      }),
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The page moves while it loads (CLS 0.18)');
    expect(outcome.why).toContain('What moved most: main#content and div.promo > p.');
    expect(outcome.howToFix).toContain('Start with main#content');
  });

  it('is critical above 0.25, naming at most three elements', () => {
    const sources = ['header', 'main#a', 'aside.b', 'footer'].map((element) => ({
      element,
      score: 0.1,
    }));
    const outcome = run(rendered({ cls: 0.4123, shifts: 5, sources }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page moves while it loads (CLS 0.412, poor)');
    expect(outcome.why).toContain('header, main#a and aside.b and 1 other element');
  });
});
