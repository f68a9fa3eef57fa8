import { describe, expect, it } from 'vitest';
import type { MyLimits } from '@vt/shared';
import { limitText, refusalReason, resetText, usageShare, usageText } from './format';

const base: MyLimits = {
  weeklyImageLimit: 5,
  imagesPerInstance: 1,
  mapAccess: false,
  features: ['basic_analysis'],
  accessCodes: [],
  currentUsage: 2,
  remainingThisWeek: 3,
  weekStartDate: '2026-11-16T05:00:00.000Z',
  weekResetDate: '2026-11-23T05:00:00.000Z',
  timeZone: 'America/New_York',
};

describe('access formatting', () => {
  it('says usage against the limit, or unlimited', () => {
    expect(usageText(base)).toBe('2 of 5 images used this week');
    expect(usageText({ currentUsage: 1, weeklyImageLimit: null })).toBe('1 image used this week (unlimited)');
    expect(limitText(null)).toBe('Unlimited');
    expect(limitText(10)).toBe('10');
  });

  it('fills the bar by the share used', () => {
    expect(usageShare(base)).toBeCloseTo(0.4);
    expect(usageShare({ currentUsage: 9, weeklyImageLimit: 5 })).toBe(1);
    expect(usageShare({ currentUsage: 9, weeklyImageLimit: null })).toBe(0);
  });

  it('shows the reset on the user’s clock', () => {
    expect(resetText(base.weekResetDate, 'America/New_York', 'en-US')).toMatch(/^Monday, Nov 23, 12:00\sAM$/);
    expect(resetText(base.weekResetDate, 'Asia/Kolkata', 'en-US')).toMatch(/^Monday, Nov 23, 10:30\sAM$/);
    expect(resetText('nope', 'America/New_York')).toBe('Invalid date');
  });

  it('explains a refusal only when nothing is left', () => {
    expect(refusalReason(base)).toBeNull();
    expect(refusalReason({ ...base, weeklyImageLimit: null, remainingThisWeek: null })).toBeNull();
    expect(refusalReason({ ...base, currentUsage: 5, remainingThisWeek: 0 }, 'en-US')).toMatch(
      /^You have used all 5 images of your weekly limit\. Uploads open again on Monday, Nov 23, 12:00\sAM, or redeem an access code for a higher limit\.$/,
    );
  });
});
