import { useEffect, useRef } from 'react';
import { useMyNotifications } from './api';
import { describeNotification, newArrivals } from './describe';
import { showDesktopNotification } from './desktop';

/** Pops a desktop notification for each notification that arrives while the app is open (after permission). */
export function useDesktopNotifications(enabled: boolean) {
  const { data } = useMyNotifications(enabled);
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const { seen: next, fresh } = newArrivals(seen.current, data.notifications);
    seen.current = next;
    for (const n of fresh) {
      const { title, body } = describeNotification(n);
      showDesktopNotification(title, body);
    }
  }, [data]);
}
