import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth';
import { useMarkNotificationsRead, useMyNotifications } from '../api';
import { describeNotification } from '../describe';
import { desktopSupported } from '../desktop';

/** The signed-in user's notifications, newest first, with "mark all read". */
export function NotificationsList() {
  const { isAuthenticated } = useSession();
  const list = useMyNotifications(isAuthenticated);
  const mark = useMarkNotificationsRead();
  if (list.isPending) return <p className="text-sm text-muted">Loading notifications...</p>;
  if (list.isError) return <p className="text-sm text-danger">Notifications could not be loaded.</p>;
  const { notifications, unread } = list.data;
  if (notifications.length === 0) return <p className="mt-3 text-sm text-muted">No notifications yet.</p>;
  return (
    <div className="mt-3" data-testid="user-notifications">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">{unread} unread</p>
        {unread > 0 && (
          <Button variant="ghost" size="sm" onClick={() => mark.mutate({ all: true })} disabled={mark.isPending}>
            Mark all read
          </Button>
        )}
      </div>
      <ul className="mt-2 max-h-72 divide-y divide-line overflow-y-auto text-sm">
        {notifications.map((n) => {
          const { title, body } = describeNotification(n);
          return (
            <li key={n.id} className="flex items-start gap-3 py-2" data-read={n.read}>
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? 'bg-line' : 'bg-accent'}`}
              />
              <div className="min-w-0 flex-1">
                <p className={n.read ? 'text-muted' : 'font-medium text-fg'}>{title}</p>
                <p className="text-muted">{body}</p>
              </div>
              <time className="shrink-0 text-xs text-subtle" dateTime={n.timestamp}>
                {new Date(n.timestamp).toLocaleString()}
              </time>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Asks the browser for permission to show desktop notifications (R-ACTIVITY-5). */
export function DesktopNotificationsToggle() {
  const [permission, setPermission] = useState(() => (desktopSupported() ? Notification.permission : 'unsupported'));
  if (permission === 'unsupported')
    return <p className="text-xs text-subtle">This browser cannot show desktop notifications.</p>;
  if (permission === 'granted')
    return <p className="text-xs text-ok">Desktop notifications are on; each closes after 5 seconds.</p>;
  if (permission === 'denied')
    return (
      <p className="text-xs text-subtle">Desktop notifications are blocked in this browser&apos;s site settings.</p>
    );
  return (
    <Button variant="secondary" size="sm" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Turn on desktop notifications
    </Button>
  );
}
