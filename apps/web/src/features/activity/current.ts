import type { ActivityAction } from '@vt/shared';
import type { ActivityTracker } from './tracker';

let current: ActivityTracker | null = null;

export const setCurrentTracker = (tracker: ActivityTracker | null) => {
  current = tracker;
};

/** Records an event for the signed-in user from anywhere in the app; a no-op while nobody is tracked. */
export function trackActivity(action: ActivityAction, details?: Record<string, unknown>): void {
  void current?.track(action, details);
}
