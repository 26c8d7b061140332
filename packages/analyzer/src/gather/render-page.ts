/**
 * Renders the already fetched document in headless Chromium to see what JavaScript adds.
 *
 * The document itself is served from the fetched HTML (the site is not asked twice, and the
 * render sees exactly what the checks saw); everything the page loads goes through the pool's
 * egress proxy.
 *
 * The wait is the one a rendering crawler uses, and it is deterministic (docs/decisions.md,
 * "How the render waits"): wait for DOMContentLoaded, then let the page's own clock run ahead in
 * **virtual time** for VIRTUAL_TIME_BUDGET_MS (Chromium's `Emulation.setVirtualTimePolicy`,
 * `pauseIfNetworkFetchesPending`): timers and animation frames fire without waiting in real time,
 * and the clock stops while a fetch is pending, so content a script adds 150 ms or 3 s after
 * `load`, or fetches then, is in the DOM every time, not only when the machine happened to be
 * slow. A request that stays open past `longRequestMs` (long polling, a hanging beacon) stops
 * holding the clock. Everything stays within the render's budget. (A real-time 120 ms
 * network-quiet window used to come before the virtual time: the paused clock already waits for
 * every fetch, so it only added 120 ms to every render.)
 */
import type { Page, Request } from 'playwright-core';
import type { LayoutShiftArtifact, RenderArtifact } from '../types.ts';
import { type BrowserPool, BrowserUnavailableError } from './browser-pool.ts';
import { clip } from './clip.ts';
import { LAYOUT_SHIFT_INIT, LAYOUT_SHIFT_READ, readLayoutShift } from './layout-shift-script.ts';
import { errors } from './playwright.ts';

export interface RenderOptions {
  /** The final URL of the fetch: the document's address, its origin and base. */
  url: string;
  /** The fetched document, served to the browser in place of a second request. */
  html: string;
  userAgent: string;
  /** Budget from navigation to capture. Default 5000. */
  timeoutMs?: number;
  /**
   * Requests in flight longer than this stop holding the render (long polling, streams,
   * hanging analytics). Default 1500.
   */
  longRequestMs?: number;
  /**
   * Called once with the images of the DOM as soon as the document is parsed, before the page's
   * clock runs ahead and the capture: the engine starts asking about them while the render goes
   * on (image-probe.ts). The capture's list is the complete one.
   */
  onImages?: (urls: string[]) => void;
  /**
   * Called once the browser has the document (the navigation committed): from then on it loads
   * the page and the wait rules run, and the caller's own work fits in (the engine parses the
   * served page then).
   */
  onNavigated?: () => void;
}

/**
 * Resource types that never change DOM text; aborting them saves bandwidth and time.
 * Stylesheets stay: innerText leaves out what CSS hides. Blink does not even request images
 * (imagesEnabled=false, see browser-pool.ts); 'image' stays here as the safety net.
 */
const BLOCKED_TYPES = new Set(['image', 'media', 'font', 'texttrack', 'manifest']);

/** Extra time after the budget to read the DOM; a page stuck in a script loop never answers. */
const CAPTURE_GRACE_MS = 750;
const POLL_MS = 10;
/**
 * How far the page's clock runs ahead once the document is parsed: its timers up to this long after
 * DOMContentLoaded fire (Google's renderer likewise fast-forwards timers rather than waiting).
 */
export const VIRTUAL_TIME_BUDGET_MS = 10_000;

// Strings, not functions: the analyzer compiles without DOM types.
// One evaluate in the page's own world, serialising like page.content() does: content() runs in
// Playwright's utility world, whose first use injects a large script (~40 ms per page). A page
// could tamper with these builtins, but it would only falsify its own report.
/** Image addresses kept from the rendered DOM; image-probe.ts asks about fewer still. */
export const MAX_RENDER_IMAGES = 200;

const IMAGES = `(() => {
  const images = [];
  for (const img of document.images) {
    if (images.length >= ${MAX_RENDER_IMAGES}) break;
    // Blink loads no images, so a srcset-only image has no currentSrc: its first candidate.
    let src = img.currentSrc || img.src;
    if (!src && img.srcset) {
      try { src = new URL(img.srcset.trim().split(/\\s+/)[0].replace(/,+$/, ''), document.baseURI).href; } catch {}
    }
    if (src) images.push(src);
  }
  return images;
})()`;

const CAPTURE = `(() => {
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  const root = document.documentElement ? document.documentElement.outerHTML : '';
  const text = document.body ? document.body.innerText : '';
  return { html: doctype + root, text, images: ${IMAGES}, layoutShift: ${LAYOUT_SHIFT_READ} };
})()`;
const PARSED = 'document.readyState !== "loading"';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Playwright appends a multi-line call log; the first line is the useful part. It can quote
  // the page's URL, which a redirect made as long as a header allows.
  return clip(text.split('\n')[0] ?? text, 200);
}

/** Tracks requests in flight, so that long-lived ones stop holding the page's clock. */
function watchNetwork(page: Page) {
  const inflight = new Map<Request, number>();
  page.on('request', (request) => {
    inflight.set(request, performance.now());
  });
  const done = (request: Request) => {
    inflight.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Requests are in flight, all of them for longer than `longRequestMs`. */
    onlyLongRequests(now: number, longRequestMs: number): boolean {
      if (inflight.size === 0) return false;
      for (const startedAt of inflight.values()) {
        if (now - startedAt < longRequestMs) return false;
      }
      return true;
    },
  };
}

/** Serves the first main-frame navigation from `html`; sends the rest through the proxy. */
async function routeRequests(page: Page, html: string): Promise<void> {
  let served = false;
  await page.route('**/*', async (route, request) => {
    try {
      const mainNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
      if (mainNavigation && !served) {
        served = true;
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      } else if (mainNavigation) {
        // A script or meta redirect would replace the document being analysed; stay on it.
        await route.abort('aborted');
      } else if (BLOCKED_TYPES.has(request.resourceType())) {
        await route.abort('blockedbyclient');
      } else {
        await route.continue();
      }
    } catch {
      // The page or context closed while the route was pending; nothing left to answer.
    }
  });
}

interface Captured {
  html: string;
  visibleText: string;
  images: string[];
  layoutShift: LayoutShiftArtifact | null;
}

/** The image addresses a page returned, checked (its scripts could return anything). */
function imageList(raw: unknown): string[] {
  return Array.isArray(raw)
    ? raw
        .filter((src): src is string => typeof src === 'string' && src.length <= 2048)
        .slice(0, MAX_RENDER_IMAGES)
    : [];
}

async function capture(page: Page): Promise<Captured> {
  const dom = (await page.evaluate(CAPTURE)) as Record<string, unknown> | null;
  return {
    html: typeof dom?.html === 'string' ? dom.html : '',
    visibleText: typeof dom?.text === 'string' ? dom.text : '',
    images: imageList(dom?.images),
    layoutShift: readLayoutShift(dom?.layoutShift),
  };
}

/** Hands the parsed DOM's images to `onImages` without holding the render for them. */
function announceImages(page: Page, onImages: RenderOptions['onImages']): void {
  if (!onImages) return;
  page.evaluate(IMAGES).then(
    (raw) => onImages(imageList(raw)),
    () => undefined,
  );
}

const TIMEOUT = Symbol('timeout');

/** Races a page call against a budget; the loser's rejection is swallowed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), Math.max(1, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Waits until the document is parsed (readyState past 'loading'); false when the deadline comes
 * first.
 *
 * DOMContentLoaded is read from the page rather than from `goto({waitUntil})`: Playwright's
 * navigation wait never resolves when a script starts a second navigation that we abort.
 */
async function waitUntilParsed(page: Page, deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    const ready = await within(page.evaluate(PARSED), deadline - performance.now()).catch(
      () => false,
    );
    if (ready === true) return true;
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - performance.now())));
  }
  return false;
}

/**
 * Lets the parsed page's clock run VIRTUAL_TIME_BUDGET_MS ahead (see the top of this file) and
 * resolves once that virtual time has passed; false when the real deadline comes first. The
 * clock waits for pending fetches; once only long-lived requests are pending it is told to
 * advance regardless, so a hanging request cannot hold it.
 */
async function runTimersAhead(
  page: Page,
  network: ReturnType<typeof watchNetwork>,
  deadline: number,
  longRequestMs: number,
): Promise<boolean> {
  // A page stuck in a script loop answers no protocol call: every call is held to the deadline.
  const untilDeadline = <T>(call: Promise<T>) => within(call, deadline - performance.now());
  const session = await untilDeadline(page.context().newCDPSession(page));
  if (session === TIMEOUT) return false;
  let expired = false;
  // Waited for as an event, not only by the polling below: a poll found it 5 ms late on average.
  let onExpired = () => {};
  const expiry = new Promise<void>((resolve) => {
    onExpired = resolve;
  });
  session.on('Emulation.virtualTimeBudgetExpired', () => {
    expired = true;
    onExpired();
  });
  const policy = (name: 'pauseIfNetworkFetchesPending' | 'advance') =>
    untilDeadline(
      session.send('Emulation.setVirtualTimePolicy', {
        policy: name,
        budget: VIRTUAL_TIME_BUDGET_MS,
      }),
    );
  if ((await policy('pauseIfNetworkFetchesPending')) === TIMEOUT) return false;
  let advancing = false;
  while (!expired && performance.now() < deadline) {
    if (!advancing && network.onlyLongRequests(performance.now(), longRequestMs)) {
      advancing = true;
      if ((await policy('advance')) === TIMEOUT) return false;
    }
    await Promise.race([
      expiry,
      sleep(Math.min(POLL_MS, Math.max(1, deadline - performance.now()))),
    ]);
  }
  if (expired) await paintOnce(page, policy, deadline);
  return expired;
}

/** Longest wait for the frame after the page's clock stopped; a frame takes about 16 ms. */
const FRAME_WAIT_MS = 100;
/**
 * Resolves in the second animation frame, so the first (after the clock stopped) has been laid
 * out and painted. Not a timer, a message or a promise after a frame: once the virtual-time
 * budget has expired none of those runs (a `setTimeout(0)` after the frame never fired, so every
 * render waited the whole FRAME_WAIT_MS, about 105 ms), but animation frames do (20-80 ms for
 * two at a load of 12).
 */
const NEXT_FRAME =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(1))))';

/**
 * Once the virtual-time budget has run out the page's clock is paused, and what the last timers
 * changed may not have been painted yet: layout shifts are only computed when a frame is
 * painted (layout-shift). The clock is set to follow real time again and one frame is awaited,
 * bounded by FRAME_WAIT_MS and the deadline.
 */
async function paintOnce(
  page: Page,
  policy: (name: 'advance') => Promise<unknown>,
  deadline: number,
): Promise<void> {
  if ((await policy('advance')) === TIMEOUT) return;
  await within(page.evaluate(NEXT_FRAME), Math.min(FRAME_WAIT_MS, deadline - performance.now()));
}

async function renderIn(page: Page, options: RenderOptions): Promise<RenderArtifact> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const longRequestMs = options.longRequestMs ?? 1_500;
  const started = performance.now();
  const deadline = started + timeoutMs;
  const elapsed = () => Math.round(performance.now() - started);

  let crashed = false;
  page.on('crash', () => {
    crashed = true;
  });
  const network = watchNetwork(page);
  await routeRequests(page, options.html);
  // Before navigation, so the observer exists before the page's first script (layout-shift).
  await page.addInitScript(LAYOUT_SHIFT_INIT);

  let settled = false;
  try {
    // 'commit' returns as soon as the fulfilled document starts; readiness is checked below.
    await page.goto(options.url, {
      waitUntil: 'commit',
      timeout: Math.max(1, Math.round(deadline - performance.now())),
    });
    options.onNavigated?.();
    settled = await waitUntilParsed(page, deadline);
    if (settled) announceImages(page, options.onImages);
    settled &&= await runTimersAhead(page, network, deadline, longRequestMs);
  } catch (error) {
    // A timeout still leaves a DOM worth reading (below); any other navigation error does not.
    if (!(error instanceof errors.TimeoutError) || crashed) {
      return {
        status: 'failed',
        reason: `Render failed: ${message(error)}`,
        durationMs: elapsed(),
      };
    }
  }

  try {
    // Capture with its own small budget: a page stuck in a script loop never answers.
    const dom = await within(capture(page), CAPTURE_GRACE_MS);
    if (dom === TIMEOUT) {
      return {
        status: 'failed',
        reason: `The page's scripts did not finish within ${timeoutMs} ms`,
        durationMs: elapsed(),
      };
    }
    return {
      status: 'rendered',
      html: dom.html,
      visibleText: dom.visibleText,
      images: dom.images,
      ...(dom.layoutShift ? { layoutShift: dom.layoutShift } : {}),
      durationMs: elapsed(),
      ...(settled
        ? {}
        : {
            reason: `The page was still loading after ${timeoutMs} ms; rendered DOM captured then`,
          }),
    };
  } catch (error) {
    const reason = crashed ? 'The browser page crashed' : `Render failed: ${message(error)}`;
    return { status: 'failed', reason, durationMs: elapsed() };
  }
}

/** Never throws: a render problem becomes a 'skipped' or 'failed' artifact. */
export async function renderPage(
  pool: BrowserPool | null,
  options: RenderOptions,
): Promise<RenderArtifact> {
  if (!pool) return { status: 'skipped', reason: 'No headless browser found for rendering' };
  try {
    return await pool.withPage({ userAgent: options.userAgent }, (page) => renderIn(page, options));
  } catch (error) {
    if (error instanceof BrowserUnavailableError)
      return { status: 'skipped', reason: error.message };
    return { status: 'failed', reason: `Render failed: ${message(error)}` };
  }
}
