import { TIMING } from '@vt/shared';

/** Whether this browser can show desktop notifications at all. */
export const desktopSupported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

/** Shows a desktop notification (only once permission was given) and closes it after the spec's 5 s. */
export function showDesktopNotification(
  title: string,
  body: string,
  closeAfterMs: number = TIMING.desktopNotificationCloseMs,
) {
  if (!desktopSupported() || Notification.permission !== 'granted') return null;
  const notification = new Notification(title, { body, tag: `vt-${title}-${body}`.slice(0, 120) });
  setTimeout(() => notification.close(), closeAfterMs);
  return notification;
}
