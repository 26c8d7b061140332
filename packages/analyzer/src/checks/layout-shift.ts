import type { Check, CheckOutcome } from './check.ts';
import { listPhrase, plural } from './markup-helpers.ts';

/**
 * `layout-shift` (performance): how much the page moves while it loads, measured in our one
 * render (gather/layout-shift-script.ts): the Cumulative Layout Shift of the render window,
 * computed as Chrome does (largest session window of unexpected shifts). Core Web Vitals call
 * 0.1 or less good and more than 0.25 poor: above 0.1 warns, above 0.25 is critical. The
 * elements that moved most are named.
 *
 * It is a lab value of one load: the render loads no images or fonts and scrolls nowhere, so
 * it measures what the page's scripts and styles move (banners, consent bars, content injected
 * above what is already shown), not image-caused shifts (image-dimensions covers those) nor
 * what visitors cause later. Skipped when no browser rendered the page.
 */

export const CLS_GOOD = 0.1;
export const CLS_POOR = 0.25;
const NAMED = 3;

export const layoutShift: Check = {
  meta: {
    id: 'layout-shift',
    title: 'Layout shift',
    why: 'Content that moves while the page loads makes visitors lose their place or click the wrong thing. Google measures it as Cumulative Layout Shift (CLS), one of its Core Web Vitals: 0.1 or less is good, more than 0.25 is poor.',
    howToFix:
      'Reserve the space of anything that arrives late (banners, consent bars, embeds, content loaded by script) with a min-height or aspect-ratio in CSS, and insert late content below what the visitor already sees rather than above it.',
    rule: `From the page's render in headless Chromium: a PerformanceObserver for layout-shift entries, installed before the page's scripts run, sums the shifts not caused by input into session windows (shifts less than 1 s apart, at most 5 s per window); the largest window is the page's CLS. ${CLS_GOOD} or less passes, more than ${CLS_GOOD} is a warning, more than ${CLS_POOR} is critical. The render loads no images or fonts, so the value covers what scripts and styles move. Skipped when the page was not rendered.`,
    sources: [
      { title: 'web.dev: Cumulative Layout Shift (CLS)', url: 'https://web.dev/articles/cls' },
      {
        title: 'W3C Layout Instability API',
        url: 'https://w3c.github.io/layout-instability/',
      },
      {
        title: 'web.dev: Optimize Cumulative Layout Shift',
        url: 'https://web.dev/articles/optimize-cls',
      },
    ],
  },
  run(page): CheckOutcome {
    const render = page.artifacts.render;
    const measured = render.status === 'rendered' ? render.layoutShift : undefined;
    if (!measured) {
      const reason =
        render.status === 'rendered'
          ? 'the browser reported no layout-shift measurement'
          : (render.reason ?? `render ${render.status}`);
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'Layout shift not measured',
        why: `Layout shift is measured while a browser renders the page, and this page was not measured (${reason}).`,
        details: { reason },
      };
    }
    const { cls, shifts, sources } = measured;
    const details = { cls, shifts, sources };
    const value = cls.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
    if (cls <= CLS_GOOD) {
      return {
        severity: 'success',
        message:
          shifts === 0
            ? 'Nothing moved while the page loaded'
            : `The page barely moves while it loads (CLS ${value})`,
        details,
      };
    }
    const moved = sources.slice(0, NAMED).map((source) => source.element);
    const named =
      moved.length === 0
        ? ''
        : ` What moved most: ${listPhrase(moved)}${sources.length > NAMED ? ` and ${plural(sources.length - NAMED, 'other element')}` : ''}.`;
    const poor = cls > CLS_POOR;
    return {
      severity: poor ? 'critical' : 'warning',
      message: `The page moves while it loads (CLS ${value}${poor ? ', poor' : ''})`,
      why: `While the page loaded in our browser, content shifted by ${value} (Cumulative Layout Shift, ${plural(shifts, 'shift')}); Google rates more than ${CLS_GOOD} as needing improvement and more than ${CLS_POOR} as poor.${named}`,
      howToFix: `Reserve the space of what arrives late with a min-height or aspect-ratio in CSS, or insert it below the content already shown.${moved.length > 0 ? ` Start with ${moved[0]}: something above it or inside it changes size after the first paint.` : ''}`,
      details,
    };
  },
};
