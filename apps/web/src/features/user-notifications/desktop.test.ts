import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showDesktopNotification } from './desktop';

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: FakeNotification[] = [];
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.shown = [];
  vi.stubGlobal('window', { Notification: FakeNotification });
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('showDesktopNotification', () => {
  it('shows nothing before permission is granted', () => {
    FakeNotification.permission = 'default';
    expect(showDesktopNotification('New user signed up', 'Ann joined')).toBeNull();
    FakeNotification.permission = 'denied';
    expect(showDesktopNotification('New user signed up', 'Ann joined')).toBeNull();
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('after permission, shows the notification and closes it after 5 s', () => {
    FakeNotification.permission = 'granted';
    showDesktopNotification('New user signed up', 'Ann joined');
    const [n] = FakeNotification.shown;
    expect(n).toMatchObject({ title: 'New user signed up', options: { body: 'Ann joined' }, closed: false });
    vi.advanceTimersByTime(4999);
    expect(n!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(n!.closed).toBe(true);
  });
});
