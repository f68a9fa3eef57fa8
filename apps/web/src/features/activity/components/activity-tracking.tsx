import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onBeforeSignOut } from '../../../lib/before-sign-out';
import { logger } from '../../../lib/logger';
import { useSession } from '../../auth';
import { useDesktopNotifications } from '../../user-notifications';
import { setCurrentTracker } from '../current';
import { ActivityTracker } from '../tracker';
import { fetchTransport } from '../transport';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;
/** Input is noted at most this often: mousemove fires far more than idle detection needs. */
const INPUT_SAMPLE_MS = 10_000;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Runs the activity tracker for the signed-in user (R-ACTIVITY-1) and desktop notifications for what arrives while the
 * app is open. Renders nothing.
 */
export function ActivityTracking() {
  const { user } = useSession();
  const email = user && ActivityTracker.accepts(user.email) ? user.email : null;
  const location = useLocation();
  const trackerRef = useRef<ActivityTracker | null>(null);
  useDesktopNotifications(Boolean(user));

  useEffect(() => {
    if (!email) return;
    const t = new ActivityTracker(email, {
      transport: fetchTransport,
      storage: safeStorage(),
      page: () => window.location.pathname,
      warn: (message) => logger.warn(message),
    });
    setCurrentTracker(t);
    trackerRef.current = t;
    t.start();
    let lastInput = 0;
    const onInput = () => {
      const now = Date.now();
      if (now - lastInput < INPUT_SAMPLE_MS) return;
      lastInput = now;
      t.noteInput();
    };
    const onVisibility = () => t.visibility(document.visibilityState === 'hidden');
    const onPageHide = () => t.unload();
    for (const e of INPUT_EVENTS) window.addEventListener(e, onInput, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    const stopOnSignOut = onBeforeSignOut(() => t.stop({ logout: true }));
    return () => {
      for (const e of INPUT_EVENTS) window.removeEventListener(e, onInput);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      stopOnSignOut();
      setCurrentTracker(null);
      trackerRef.current = null;
      void t.stop();
    };
  }, [email]);

  // Navigation inside the app (not the first page: the login event covers it).
  const firstPath = useRef<string | null>(null);
  useEffect(() => {
    const tracker = trackerRef.current;
    if (!tracker) return;
    if (firstPath.current === null) {
      firstPath.current = location.pathname;
      return;
    }
    tracker.navigation(location.pathname);
  }, [email, location.pathname]);

  return null;
}
