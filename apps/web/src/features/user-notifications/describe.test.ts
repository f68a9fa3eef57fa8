import { describe, expect, it } from 'vitest';
import type { UserNotification } from '@vt/shared';
import { describeNotification, newArrivals } from './describe';

const n = (id: string, read = false): UserNotification => ({
  id,
  type: 'new_user',
  data: { name: 'Ann', email: 'ann@x.io' },
  timestamp: '2026-01-01T00:00:00Z',
  read,
});

describe('newArrivals', () => {
  it('records the first look without announcing it, then announces only unread news', () => {
    const first = newArrivals(null, [n('a'), n('b')]);
    expect(first.fresh).toEqual([]);
    const second = newArrivals(first.seen, [n('c'), n('d', true), n('a'), n('b')]);
    expect(second.fresh.map((x) => x.id)).toEqual(['c']);
    expect(newArrivals(second.seen, [n('c'), n('a')]).fresh).toEqual([]);
  });
});

describe('describeNotification', () => {
  it('names the new user for founders and only a first name for everyone else', () => {
    expect(describeNotification(n('a'))).toEqual({
      title: 'New user signed up',
      body: 'Ann (ann@x.io) signed in for the first time.',
    });
    expect(describeNotification({ type: 'new_member', data: { firstName: 'Bo' } }).body).toBe(
      'Bo just joined Vision Terminal.',
    );
  });
});
