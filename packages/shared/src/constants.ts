/** Product-wide constants of docs/requirements.md, cited by id where used. One place, used by server and web. */

export const ENGINE_VERSION_LABEL = 'v2.1';

/** Downtown Miami: the map's start centre and the spec's fallback point. */
export const DOWNTOWN_MIAMI = { lat: 25.7617, lng: -80.1918 } as const;

/** The spec's Miami-Dade coordinate box (R-ANALYSIS-10): coordinates outside it are not accepted from text. */
export const MIAMI_DADE_BOX = { minLat: 25, maxLat: 26.5, minLng: -80.9, maxLng: -80 } as const;

export const MAP = {
  startZoom: 12,
  flyToZoom: 17,
  flyToPitch: 60,
  flyToDurationMs: 2000,
  popupDelayMs: 2500,
  markerOnlyZoom: 15,
  markerOnlyPitch: 45,
  buildingsMinZoom: 15,
} as const;

/** Spec confidences for the four workflow outcomes (used only as the honest prior when nothing is known). */
export const OUTCOME_CONFIDENCE = { found: 0.85, fallback: 0.3, failed: 0.1, error: 0.1, indexDefault: 0.8 } as const;

export const LIMITS = {
  locationIndexMax: 20,
  locationIndexCollapsedShown: 5,
  locationHistoryMax: 50,
  activityLogMax: 100,
  notificationsMax: 50,
  sessionsKeptPerUser: 10,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  popularLocationsDefault: 10,
  dashboardRecentAnalyses: 8,
  topLocationsShown: 3,
  inactiveCleanupDays: 90,
  activeNowMs: 30 * 60 * 1000,
  navScrollThresholdPx: 20,
  defaultWeeklyImageLimit: 5,
  defaultImagesPerInstance: 1,
} as const;

export const TIMING = {
  notificationPollMs: 30_000,
  expiryCountdownRefreshMs: 60_000,
  activityInitialDelayMs: 2_000,
  activityHeartbeatMs: 120_000,
  activityIdleMs: 300_000,
  activityDebounceMs: 5_000,
  visibilityDebounceMs: 1_000,
  statusThrottleMs: 60_000,
  activityMaxAttempts: 3,
  limitsCacheMs: 300_000,
  desktopNotificationCloseMs: 5_000,
  dismissHideMs: 300,
} as const;

/** Activity action names the tracker may send (R-ACTIVITY-2). */
export const ACTIVITY_ACTIONS = [
  'user_login',
  'user_logout',
  'image_analysis',
  'error_occurred',
  'page_hidden',
  'page_visible',
  'page_unload',
  'page_navigation',
  'feature_usage',
  'access_code_redemption',
  'notification_interaction',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Hidden plan tiers (R-SITE-5). Rendered only behind a flag. */
export const PLAN_TIERS = [
  { id: 'starter', name: 'Starter', price: '$29', period: 'per month', images: '10K images', users: '5 users' },
  {
    id: 'professional',
    name: 'Professional',
    price: '$99',
    period: 'per month',
    images: '100K images',
    users: '25 users',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    period: '',
    images: 'Unlimited images',
    users: 'Unlimited users',
  },
] as const;
