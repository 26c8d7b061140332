import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { createHostGate, type HostGate } from './host-gate.ts';
import { probeImages } from './image-probe.ts';

/**
 * The checks' probes of one host, counted and timed at a real server on 127.0.0.1 (issue 26's
 * leftovers): pages that share an og:image ask for it once, even all at the same moment, and
 * distinct images of one host are asked at most N at once, their starts at least the interval
 * apart. The server answers each image after IMAGE_DELAY_MS so that requests overlap. The server
 * sees a start after the client's connect, whose time varies (10 ms at a load of 16), so two
 * successive starts can arrive closer than the interval; what the server can check exactly is the
 * span: n starts take at least (n − 1) intervals, less one connect's jitter (JITTER_MS). The gap
 * between two turns is checked exactly where the gate grants them.
 */

const IMAGE_DELAY_MS = 120;
const JITTER_MS = 20;
/** How much later than its grant a turn's time may be taken (promise settling), in ms. */
const TURN_RECORD_SLACK_MS = 2;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000004b000000276080200000000000000',
  'hex',
);

let server: LocalServer;
/** Image requests: path and start time; `open` counts image requests the server has not answered. */
const images: Array<{ path: string; at: number }> = [];
let open = 0;
let maxOpen = 0;

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/img/')) {
      images.push({ path, at: performance.now() });
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      setTimeout(() => {
        // Counted as answered before the client can see the answer and free its slot.
        open -= 1;
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
        res.end(PNG);
      }, IMAGE_DELAY_MS);
    } else if (path.startsWith('/shared/') || path.startsWith('/own/')) {
      const n = path.split('/')[2];
      const image = path.startsWith('/shared/') ? '/img/share.png' : `/img/own-${n}.png`;
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html lang="en"><head><title>Oak table ${n}</title><meta property="og:image" content="${image}"></head><body><main><h1>Table ${n}</h1><p>${'solid oak '.repeat(60)}</p></main></body></html>`,
        );
    } else res.writeHead(404).end();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  images.length = 0;
  open = 0;
  maxOpen = 0;
});

const count = (path: string) => images.filter((image) => image.path === path).length;
const gaps = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.slice(1).map((at, i) => at - sorted[i]!);
};
/** The shortest gap between two successive image request starts at the server, in ms. */
const minGap = () => Math.min(...gaps(images.map((image) => image.at)));
/** From the first image request start to the last, at the server. */
const span = () => {
  const starts = images.map((image) => image.at);
  return Math.max(...starts) - Math.min(...starts);
};

describe('probes through one engine, against a server that counts them', () => {
  it('20 pages sharing an og:image, analysed at once, ask for it once', async () => {
    // A time to live of 0 keeps nothing: only the request in flight is shared.
    for (const robotsCacheMs of [undefined, 0]) {
      images.length = 0;
      const engine = createEngine({
        allowPrivate: true,
        render: false,
        analysisThreads: 0,
        ...(robotsCacheMs === undefined ? {} : { robotsCacheMs }),
      });
      try {
        const documents = await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            engine.fetchDocument(`${server.origin}/shared/${n}`),
          ),
        );
        const reports = await Promise.all(documents.map((document) => engine.analyze(document)));
        expect(count('/img/share.png'), `robotsCacheMs ${robotsCacheMs}`).toBe(1);
        for (const report of reports) {
          expect(report.issues.find((issue) => issue.id === 'og-image')).toMatchObject({
            severity: 'success',
          });
        }
      } finally {
        await engine.close();
      }
    }
  });

  it('20 pages with their own og:image on one host: at most N at once, starts the interval apart', async () => {
    const pace = { maxInFlight: 3, minIntervalMs: 60 };
    const engine = createEngine({
      allowPrivate: true,
      render: false,
      analysisThreads: 0,
      probePace: pace,
    });
    try {
      const documents = await Promise.all(
        Array.from({ length: 20 }, (_, n) => engine.fetchDocument(`${server.origin}/own/${n}`)),
      );
      await Promise.all(documents.map((document) => engine.analyze(document)));
      expect(images).toHaveLength(20);
      expect(new Set(images.map((image) => image.path)).size).toBe(20);
      expect(maxOpen).toBeLessThanOrEqual(pace.maxInFlight);
      expect(span()).toBeGreaterThanOrEqual(19 * pace.minIntervalMs - JITTER_MS);
      console.info(`og:image probes: max ${maxOpen} open, min start gap ${minGap().toFixed(1)} ms`);
    } finally {
      await engine.close();
    }
  });
});

describe('probeImages with a host gate', () => {
  it('20 distinct images on one host: never more than N at once, the interval between starts', async () => {
    const inner = createHostGate({ maxInFlight: 2, minIntervalMs: 40 });
    const turns: number[] = [];
    const gate: HostGate = {
      ...inner,
      enter: async (url, signal) => {
        const leave = await inner.enter(url, signal);
        turns.push(performance.now());
        return leave;
      },
    };
    const urls = Array.from({ length: 20 }, (_, n) => `${server.origin}/img/${n}.png`);
    const started = performance.now();
    const result = await probeImages(urls, {
      guard: createAddressGuard({ allowPrivate: true }),
      userAgent: 'CrawlwiseTest/1.0',
      gate,
    });
    const elapsed = performance.now() - started;
    if (result.status !== 'probed') throw new Error('not probed');
    expect(result.probes).toHaveLength(20);
    expect(result.probes.every((probe) => probe.outcome === 'answered')).toBe(true);
    expect(images).toHaveLength(20);
    // The bound is reached, never passed: 20 answers of 120 ms two at a time take ≥ 1.2 s.
    expect(maxOpen).toBe(2);
    expect(turns).toHaveLength(20);
    // A turn is timed when its promise settles, a few microtasks after the gate granted it, so
    // a turn timed late makes the next gap look shorter by that delay (39.98 ms seen in CI).
    expect(Math.min(...gaps(turns))).toBeGreaterThanOrEqual(40 - TURN_RECORD_SLACK_MS);
    expect(span()).toBeGreaterThanOrEqual(19 * 40 - JITTER_MS);
    expect(elapsed).toBeGreaterThanOrEqual(10 * IMAGE_DELAY_MS);
    console.info(
      `image probes: max ${maxOpen} open, min start gap ${minGap().toFixed(1)} ms, ${Math.round(elapsed)} ms`,
    );
  });

  it('without a gate, the same images go six at once (what the gate prevents)', async () => {
    const urls = Array.from({ length: 12 }, (_, n) => `${server.origin}/img/free-${n}.png`);
    await probeImages(urls, {
      guard: createAddressGuard({ allowPrivate: true }),
      userAgent: 'CrawlwiseTest/1.0',
    });
    expect(maxOpen).toBe(6);
  });
});
