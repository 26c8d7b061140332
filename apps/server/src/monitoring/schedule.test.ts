import { describe, expect, it } from 'vitest';
import { firstSlot, nextSlotAfter } from './schedule.ts';

const HOUR = 60 * 60 * 1000;
const slot = new Date('2026-11-20T09:12:00.000Z');
const at = (hours: number) => new Date(slot.getTime() + hours * HOUR);

describe('nextSlotAfter', () => {
  it('moves a due daily slot to the same time the next day', () => {
    expect(nextSlotAfter(slot, 'daily', at(0))).toEqual(at(24));
    expect(nextSlotAfter(slot, 'daily', at(0.5))).toEqual(at(24));
  });

  it('after a downtime of several periods returns one slot after now, not the missed ones', () => {
    // Two and a half days late: the next run is the slot after now, so one run, no burst.
    expect(nextSlotAfter(slot, 'daily', at(60))).toEqual(at(72));
    expect(nextSlotAfter(slot, 'weekly', at(24 * 20))).toEqual(at(24 * 21));
  });

  it('is strictly after now, also exactly on a slot boundary', () => {
    expect(nextSlotAfter(slot, 'daily', at(48))).toEqual(at(72));
  });

  it('leaves a slot that is not due yet unchanged', () => {
    expect(nextSlotAfter(slot, 'weekly', at(-1))).toEqual(slot);
  });
});

describe('firstSlot', () => {
  it('is one period after the watch is made', () => {
    expect(firstSlot('daily', slot)).toEqual(at(24));
    expect(firstSlot('weekly', slot)).toEqual(at(24 * 7));
  });
});
