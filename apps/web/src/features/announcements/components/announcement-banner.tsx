import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TIMING, type Notification } from '@vt/shared';
import { useSession } from '../../auth';
import { isNavHidden } from '../../navigation';
import { useCurrentAnnouncement } from '../api';
import { formatExpiryCountdown } from '../countdown';
import { markNotificationRead, readNotificationIds } from '../read-ids';
import { cx } from '../../../components/ui/cx';
import { trackActivity } from '../../activity';

/** The global announcement banner (R-BANNER-2): on every screen for every visitor, until dismissed. */
export function AnnouncementBanner() {
  const { isAuthenticated } = useSession();
  const { data } = useCurrentAnnouncement(isAuthenticated);
  const current = data?.current ?? null;
  const overlayRef = useBannerRoom();
  const [readIds, setReadIds] = useState(readNotificationIds);
  const [leaving, setLeaving] = useState<string | null>(null);
  // Full-screen pages (the map) cover the page flow; there the banner floats above them instead.
  const overlay = isNavHidden(useLocation().pathname);

  // Leaving → hidden after the spec's 300 ms, so the fade can play.
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      markNotificationRead(leaving);
      setReadIds(readNotificationIds());
      setLeaving(null);
    }, TIMING.dismissHideMs);
    return () => clearTimeout(timer);
  }, [leaving]);

  if (!current || readIds.includes(current.id)) return null;
  const banner = (
    <BannerView
      notification={current}
      leaving={leaving === current.id}
      onDismiss={() => {
        setLeaving(current.id);
        if (isAuthenticated) trackActivity('notification_interaction', { id: current.id, action: 'dismiss' });
      }}
    />
  );
  // Above the full-screen map (z-[55]) and below the session-expired screen (z-[100]), placed where the map's own
  // controls are not: between the upload panel and Exit on wide screens, along the bottom on narrow ones. A solid
  // base under the tint keeps the text readable over the map.
  return overlay ? (
    <div
      ref={overlayRef}
      className="fixed inset-x-3 bottom-3 z-[60] overflow-hidden rounded-xl border border-line bg-surface shadow-2xl lg:top-4 lg:right-28 lg:bottom-auto lg:left-[22rem]"
      data-testid="announcement-overlay"
    >
      {banner}
    </div>
  ) : (
    banner
  );
}

/**
 * While the banner floats along the bottom of a full-screen page (the map on a phone), the page's bottom controls
 * (zoom buttons, the index sheet, the map note) move up by its height: `--vt-banner-room` on the document. Zero when
 * it sits at the top (wide screens) or is gone.
 */
function useBannerRoom() {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const root = document.documentElement;
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      const atBottom = rect.top > window.innerHeight / 2;
      root.style.setProperty('--vt-banner-room', atBottom ? `${Math.ceil(window.innerHeight - rect.top)}px` : '0px');
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--vt-banner-room');
    };
  }, [node]);
  return setNode;
}

export function BannerView({
  notification,
  leaving,
  onDismiss,
}: {
  notification: Notification;
  leaving?: boolean;
  onDismiss?: () => void;
}) {
  const urgent = notification.priority === 'urgent';
  const countdown = useCountdown(notification.expiresAt);
  const link = notification.actionLink;
  const linkClass = cx('font-semibold underline underline-offset-4', urgent ? 'text-warm' : 'text-accent');
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-testid="announcement-banner"
      data-priority={notification.priority}
      className={cx(
        'relative z-50 border-b transition-opacity duration-300',
        urgent ? 'border-warm/60 bg-warm/15' : 'border-accent/40 bg-accent/10',
        leaving && 'opacity-0',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6">
        <span
          className={cx(
            'rounded px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase',
            urgent ? 'bg-warm text-accent-ink' : 'bg-accent/20 text-accent',
          )}
        >
          {urgent ? 'Urgent' : 'Notice'}
        </span>
        <p className="min-w-0 flex-1 basis-56 text-fg">
          <strong className="font-semibold">{notification.title}</strong>
          <span className="text-muted"> — {notification.message}</span>
        </p>
        {countdown && <span className="text-xs whitespace-nowrap text-subtle">{countdown}</span>}
        {link &&
          (link.startsWith('/') ? (
            <Link to={link} className={linkClass}>
              {notification.actionText}
            </Link>
          ) : (
            <a href={link} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {notification.actionText}
            </a>
          ))}
        {onDismiss && (
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-md px-2 py-1 text-muted hover:bg-raised hover:text-fg"
            aria-label={`Dismiss announcement: ${notification.title}`}
          >
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

/** The expiry text, refreshed each minute (R-BANNER-4). */
function useCountdown(expiresAt: string | null): string | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(new Date()), TIMING.expiryCountdownRefreshMs);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? formatExpiryCountdown(expiresAt, now) : null;
}
