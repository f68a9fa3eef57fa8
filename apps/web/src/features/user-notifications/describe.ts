import type { UserNotification } from '@vt/shared';

/** Title and body of a notification, for the list and the desktop notification. */
export function describeNotification(n: Pick<UserNotification, 'type' | 'data'>): { title: string; body: string } {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (n.type) {
    case 'new_user':
      return {
        title: 'New user signed up',
        body: `${s(n.data.name) || s(n.data.email)} (${s(n.data.email)}) signed in for the first time.`,
      };
    case 'new_member':
      return { title: 'Someone new joined', body: `${s(n.data.firstName) || 'Someone'} just joined Vision Terminal.` };
    default:
      return { title: n.type.replace(/_/g, ' '), body: s(n.data.message) };
  }
}

/**
 * Which notifications are news since the last look: unread and not seen before. The first look only records what
 * is there, so opening the app does not replay a backlog as desktop pop-ups.
 */
export function newArrivals(
  seen: Set<string> | null,
  list: UserNotification[],
): { seen: Set<string>; fresh: UserNotification[] } {
  const ids = new Set(list.map((n) => n.id));
  if (seen === null) return { seen: ids, fresh: [] };
  return { seen: new Set([...seen, ...ids]), fresh: list.filter((n) => !n.read && !seen.has(n.id)) };
}
