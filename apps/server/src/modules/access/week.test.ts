import { describe, expect, it } from 'vitest';
import { FALLBACK_TIME_ZONE, startOfLocalDay, usageWeek, validTimeZone } from './week';

const hours = (w: { start: Date; reset: Date }) => (w.reset.getTime() - w.start.getTime()) / 3_600_000;
const iso = (w: { start: Date; reset: Date }) => [w.start.toISOString(), w.reset.toISOString()];

describe('usageWeek: Monday 00:00 local to the next Monday 00:00 local', () => {
  it.each([
    // zone, an instant inside the week, expected start, expected reset, hours in that week
    ['America/New_York', '2026-03-08T12:00:00Z', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z', 167],
    ['America/New_York', '2026-11-01T12:00:00Z', '2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z', 169],
    ['Europe/London', '2026-03-29T12:00:00Z', '2026-03-23T00:00:00.000Z', '2026-03-29T23:00:00.000Z', 167],
    ['Europe/London', '2026-10-25T12:00:00Z', '2026-10-18T23:00:00.000Z', '2026-10-26T00:00:00.000Z', 169],
    ['Australia/Sydney', '2026-04-05T12:00:00Z', '2026-03-29T13:00:00.000Z', '2026-04-05T14:00:00.000Z', 169],
    ['Australia/Sydney', '2026-10-04T12:00:00Z', '2026-09-27T14:00:00.000Z', '2026-10-04T13:00:00.000Z', 167],
    ['Asia/Kolkata', '2026-11-22T18:29:00Z', '2026-11-15T18:30:00.000Z', '2026-11-22T18:30:00.000Z', 168],
    // Samoa's DST ended on Sunday 4 April 2021 (+14 → +13).
    ['Pacific/Apia', '2021-04-03T12:00:00Z', '2021-03-28T10:00:00.000Z', '2021-04-04T11:00:00.000Z', 169],
    // Samoa skipped Friday 30 December 2011 when it crossed the date line: that week had six days.
    ['Pacific/Apia', '2011-12-31T12:00:00Z', '2011-12-26T10:00:00.000Z', '2012-01-01T10:00:00.000Z', 144],
    ['Pacific/Apia', '2026-11-22T12:00:00Z', '2026-11-22T11:00:00.000Z', '2026-11-29T11:00:00.000Z', 168],
  ] as const)('%s at %s', (zone, now, start, reset, h) => {
    const week = usageWeek(new Date(now), zone);
    expect(iso(week)).toEqual([start, reset]);
    expect(hours(week)).toBe(h);
    expect(week.timeZone).toBe(zone);
  });

  it('switches weeks exactly at local Monday midnight', () => {
    const before = usageWeek(new Date('2026-11-22T18:29:59.999Z'), 'Asia/Kolkata');
    const at = usageWeek(new Date('2026-11-22T18:30:00.000Z'), 'Asia/Kolkata');
    expect(before.reset.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(at.start.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(at.start.getTime()).toBe(before.reset.getTime());
  });

  it('puts Sunday late evening in the week that began six days earlier', () => {
    // Sunday 23:30 in New York is already Monday in UTC.
    const week = usageWeek(new Date('2026-11-23T04:30:00Z'), 'America/New_York');
    expect(week.start.toISOString()).toBe('2026-11-16T05:00:00.000Z');
  });

  it('begins a day skipped at midnight when the clock jumps past it', () => {
    // Chile moves from -04 to -03 at 00:00 on Sunday 6 September 2026: local midnight never happens.
    expect(startOfLocalDay(2026, 9, 6, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfLocalDay(2026, 9, 5, 'America/Santiago').toISOString()).toBe('2026-09-05T04:00:00.000Z');
  });

  it('falls back to the default zone for an unknown one', () => {
    expect(validTimeZone('Mars/Olympus_Mons')).toBe(FALLBACK_TIME_ZONE);
    expect(validTimeZone(undefined)).toBe(FALLBACK_TIME_ZONE);
    expect(usageWeek(new Date('2026-03-08T12:00:00Z'), 'Not/AZone').start.toISOString()).toBe(
      '2026-03-02T05:00:00.000Z',
    );
  });
});
