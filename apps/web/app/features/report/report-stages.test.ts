import { describe, expect, it } from 'vitest';
import {
  advanceClimb,
  holdAt,
  isHeld,
  SLOW_NOTICE_AFTER_MS,
  slowNotice,
  stageOf,
  statusLine,
} from './report-stages.ts';

describe('the climb', () => {
  it('goes at the spec pace (8 s for 100%) when the server is done', () => {
    expect(advanceClimb(0, 1000, 'completed')).toBe(1000);
    expect(advanceClimb(7900, 1000, 'completed')).toBe(8000);
  });

  it('stops at the end of the queue stage (25%, 2 s) while the report is queued', () => {
    expect(holdAt('queued')).toBe(2000);
    expect(advanceClimb(1500, 5000, 'queued')).toBe(2000);
    expect(isHeld(2000, 'queued')).toBe(true);
    expect(isHeld(1900, 'queued')).toBe(false);
  });

  it('stops just before compiling (84%) while the report is analysing', () => {
    expect(advanceClimb(2000, 60_000, 'analyzing')).toBe(6720);
    expect(isHeld(6720, 'analyzing')).toBe(true);
  });

  it('shows every stage even when a timer fires late', () => {
    expect(advanceClimb(6000, 5000, 'completed')).toBe(6800); // into compiling, not past it
    expect(advanceClimb(6800, 5000, 'completed')).toBe(8000);
    expect(advanceClimb(0, 9000, 'completed')).toBe(2000);
  });

  it('never goes back, and resumes from where it waited', () => {
    expect(advanceClimb(6720, 100, 'analyzing')).toBe(6720);
    expect(advanceClimb(6720, 50, 'completed')).toBe(6770);
    expect(isHeld(8000, 'completed')).toBe(false);
  });
});

describe('the stage shown', () => {
  it('follows the bar through every stage when the server is done', () => {
    expect(stageOf(0, 'completed')).toBe('queued');
    expect(stageOf(30, 'completed')).toBe('analyzing');
    expect(stageOf(85, 'completed')).toBe('compiling');
    expect(stageOf(100, 'completed')).toBe('complete');
  });

  it('never runs ahead of the server', () => {
    expect(stageOf(25, 'queued')).toBe('queued');
    expect(stageOf(84, 'analyzing')).toBe('analyzing');
    expect(stageOf(10, 'analyzing')).toBe('queued');
  });
});

describe('the status line', () => {
  it("is the spec's estimate, then 'Compiling Results...' from 85%", () => {
    expect(statusLine(0, 'queued', false)).toBe('Estimated 10 seconds remaining');
    expect(statusLine(50, 'analyzing', false)).toBe('Estimated 5 seconds remaining');
    expect(statusLine(90, 'completed', false)).toBe('Compiling Results...');
  });

  it('says what the bar is waiting for instead of a stale estimate', () => {
    expect(statusLine(25, 'queued', true)).toBe('Waiting in the queue...');
    expect(statusLine(84, 'analyzing', true)).toBe('Analysing the page...');
  });
});

describe('the slow notice', () => {
  it('appears only for a pending report past 10 s', () => {
    expect(slowNotice('queued', SLOW_NOTICE_AFTER_MS - 1000)).toBeNull();
    expect(slowNotice('queued', SLOW_NOTICE_AFTER_MS)).toMatch(/still waiting in the queue/);
    expect(slowNotice('analyzing', SLOW_NOTICE_AFTER_MS)).toMatch(/still being analysed/);
    expect(slowNotice('completed', 60_000)).toBeNull();
    expect(slowNotice('failed', 60_000)).toBeNull();
  });
});
