import { READ_NOTIFICATIONS_STORAGE_KEY } from '@vt/shared';

/** Ids of announcements this browser dismissed (R-BANNER-2: read ids are kept locally). */
export function readNotificationIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(READ_NOTIFICATIONS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function markNotificationRead(id: string): void {
  const ids = readNotificationIds();
  if (ids.includes(id)) return;
  // Bounded: old ids are useless once their announcement is gone.
  const next = [...ids, id].slice(-50);
  try {
    localStorage.setItem(READ_NOTIFICATIONS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the banner still hides for this page view.
  }
}
