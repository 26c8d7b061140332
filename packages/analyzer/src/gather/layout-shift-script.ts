import type { LayoutShiftArtifact } from '../types.ts';

/**
 * Layout shifts during the render (issue 26, `layout-shift`). A PerformanceObserver for
 * `layout-shift` entries is installed as an init script, so it exists before any script of the
 * page runs; `buffered: true` also delivers shifts queued before it was called. Shifts right
 * after input (`hadRecentInput`) are expected and left out, as in CLS. The value kept is the
 * largest session window (shifts less than 1 s apart, a window at most 5 s long), which is how
 * web-vitals and Chrome compute Cumulative Layout Shift; the page's own clock runs in virtual
 * time during the render, so the windows follow the page's timers, not the machine's speed.
 *
 * Each shifted element is described when the shift is reported (it may be gone by capture) as
 * a short selector (tag#id.class, with its parent's when it has no id), and its share of the
 * shift is summed: at most MAX_TRACKED elements are kept, so a page shifting thousands of nodes
 * costs nothing more.
 *
 * A string, not a function: the analyzer compiles without DOM types. The state lives in a
 * non-enumerable window property; a page could overwrite it, but only to falsify its own report.
 */
export const LAYOUT_SHIFT_KEY = '__crawlwiseLayoutShift';
const MAX_TRACKED = 50;

export const LAYOUT_SHIFT_INIT = `(() => {
  const state = { cls: 0, shifts: 0, sources: {}, tracked: 0 };
  try {
    Object.defineProperty(window, ${JSON.stringify(LAYOUT_SHIFT_KEY)}, { value: state });
    const label = (el) => {
      if (!el || el.nodeType !== 1) return null;
      let text = el.localName;
      if (el.id) return text + '#' + el.id;
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).filter(Boolean).slice(0, 2) : [];
      if (classes.length) text += '.' + classes.join('.');
      return text;
    };
    const describe = (node) => {
      const el = node && node.nodeType === 1 ? node : node && node.parentElement;
      const own = label(el);
      if (!own) return null;
      if (el.id) return own;
      const parent = label(el.parentElement);
      return parent && parent !== 'html' ? parent + ' > ' + own : own;
    };
    let windowValue = 0, windowStart = 0, last = 0;
    const record = (entries) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        state.shifts++;
        if (windowValue > 0 && entry.startTime - last < 1000 && entry.startTime - windowStart < 5000) {
          windowValue += entry.value;
        } else {
          windowValue = entry.value;
          windowStart = entry.startTime;
        }
        last = entry.startTime;
        if (windowValue > state.cls) state.cls = windowValue;
        const sources = entry.sources || [];
        for (const source of sources) {
          const name = describe(source.node);
          if (!name) continue;
          if (!(name in state.sources)) {
            if (state.tracked >= ${MAX_TRACKED}) continue;
            state.tracked++;
            state.sources[name] = 0;
          }
          state.sources[name] += entry.value / sources.length;
        }
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // The capture calls this: entries not yet delivered to the callback (its task may not have
    // run when the page's clock stopped) are taken synchronously.
    state.flush = () => record(observer.takeRecords());
  } catch {}
})()`;

/** The expression the capture evaluates: the observer's state, or null when it never ran. */
export const LAYOUT_SHIFT_READ = `((state) => {
  if (!state) return null;
  try { state.flush(); } catch {}
  return { cls: state.cls, shifts: state.shifts, sources: state.sources };
})(window[${JSON.stringify(LAYOUT_SHIFT_KEY)}])`;

const MAX_SOURCES = 10;
const MAX_NAME = 120;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The artifact from what the page returned, checked field by field (the page's scripts could
 * have replaced the state with anything); null when it holds nothing usable.
 */
export function readLayoutShift(raw: unknown): LayoutShiftArtifact | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { cls, shifts, sources } = raw as Record<string, unknown>;
  if (typeof cls !== 'number' || !Number.isFinite(cls) || cls < 0) return null;
  if (typeof shifts !== 'number' || !Number.isFinite(shifts) || shifts < 0) return null;
  const named =
    typeof sources === 'object' && sources !== null
      ? Object.entries(sources as Record<string, unknown>)
          .filter((entry): entry is [string, number] => {
            const score = entry[1];
            return typeof score === 'number' && Number.isFinite(score) && score > 0;
          })
          .sort((a, b) => b[1] - a[1])
          .slice(0, MAX_SOURCES)
          .map(([element, score]) => ({ element: element.slice(0, MAX_NAME), score: round(score) }))
      : [];
  return { cls: round(cls), shifts: Math.floor(shifts), sources: named };
}
