import { TIMING, isEmailShaped, type ActivityAction, type ActivityEvent, type UserStatus } from '@vt/shared';

/**
 * The browser's activity tracker (R-ACTIVITY-1, R-ACTIVITY-3; R-STATE-2). Everything it learns goes to the server; the
 * only thing kept in the browser is the queue of events that could not be sent yet.
 */

/** Sent at once; everything else waits out a 5 s debounce per action so bursts become one event. */
export const CRITICAL_ACTIONS: ReadonlySet<ActivityAction> = new Set([
  'user_login',
  'user_logout',
  'image_analysis',
  'error_occurred',
]);
export const ACTIVITY_QUEUE_KEY = 'vt.activity.queue';
/** The queue is bounded so a long outage cannot fill the browser's storage; the oldest events go first. */
export const ACTIVITY_QUEUE_MAX = 100;

/** Wait before attempt n+1 (n = 1, 2): 1000·2^n ms, i.e. 2 s then 4 s. */
export const backoffDelay = (attempt: number): number => 1000 * 2 ** attempt;

export type SendOutcome = 'ok' | 'retry' | 'drop';

/** 2xx delivered; 5xx and network errors are worth retrying; 400, 401, 403 and any other status are dropped. */
export function classifyStatus(status: number | 'network'): SendOutcome {
  if (status === 'network' || status >= 500) return 'retry';
  if (status >= 200 && status < 300) return 'ok';
  return 'drop';
}

export type ActivityTransport = {
  /** Resolves with the HTTP status; rejects when the server could not be reached. */
  sendEvent(event: ActivityEvent): Promise<number>;
  sendStatus(email: string, status: UserStatus): Promise<number>;
};

type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type TrackerEnv = {
  transport: ActivityTransport;
  storage: QueueStorage | null;
  /** The current path, for the event's page. */
  page: () => string;
  now?: () => number;
  warn?: (message: string, detail?: unknown) => void;
};

export type DeliveryResult = 'ok' | 'queued' | 'dropped';

export class ActivityTracker {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly sleepers = new Set<() => void>();
  private readonly debounced = new Map<string, { timer: ReturnType<typeof setTimeout>; event: ActivityEvent }>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastInput: number;
  private lastStatusAt = -Infinity;
  private wasIdle = false;
  private stopped = false;
  private started = false;

  constructor(
    readonly email: string,
    private readonly env: TrackerEnv,
  ) {
    this.lastInput = this.now();
  }

  /** Whether a user identifier may be tracked at all (R-ACTIVITY-2). */
  static accepts(email: string | null | undefined): email is string {
    return typeof email === 'string' && isEmailShaped(email);
  }

  private now(): number {
    return this.env.now?.() ?? Date.now();
  }

  private later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  /** Resolves true after `ms`, or false at once if the tracker stops meanwhile. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        this.sleepers.delete(wake);
        resolve(false);
      };
      this.sleepers.add(wake);
      this.later(ms, () => {
        this.sleepers.delete(wake);
        resolve(!this.stopped);
      });
    });
  }

  /** Begins 2 s later: the login event, then a heartbeat every 2 minutes. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.later(TIMING.activityInitialDelayMs, () => {
      void this.track('user_login');
      this.sendStatus(true);
      this.heartbeat = setInterval(() => void this.beat(), TIMING.activityHeartbeatMs);
    });
  }

  get isIdle(): boolean {
    return this.now() - this.lastInput >= TIMING.activityIdleMs;
  }

  /** Mouse, keys, scroll, touch: the user is here. Coming back from idle says so at once (throttled). */
  noteInput(): void {
    this.lastInput = this.now();
    if (this.wasIdle) {
      this.wasIdle = false;
      this.sendStatus(true);
    }
  }

  /** Records an event: critical ones go at once, the rest after a 5 s quiet period per action. */
  track(action: ActivityAction, details?: Record<string, unknown>): Promise<DeliveryResult> | undefined {
    if (this.stopped) return undefined;
    const event = this.event(action, details);
    if (CRITICAL_ACTIONS.has(action)) return this.deliver(event);
    const pending = this.debounced.get(action);
    if (pending) {
      clearTimeout(pending.timer);
      this.timers.delete(pending.timer);
    }
    const timer = this.later(TIMING.activityDebounceMs, () => {
      this.debounced.delete(action);
      void this.deliver(event);
    });
    this.debounced.set(action, { timer, event });
    return undefined;
  }

  private visibilityTimer: ReturnType<typeof setTimeout> | undefined;

  /** Page hidden or shown, after the 1 s visibility debounce (a quick tab flick sends nothing twice). */
  visibility(hidden: boolean): void {
    if (this.stopped) return;
    if (this.visibilityTimer) {
      clearTimeout(this.visibilityTimer);
      this.timers.delete(this.visibilityTimer);
    }
    this.visibilityTimer = this.later(TIMING.visibilityDebounceMs, () => {
      void this.track(hidden ? 'page_hidden' : 'page_visible');
      if (!hidden) this.noteInput();
    });
  }

  navigation(path: string): void {
    this.noteInput();
    void this.track('page_navigation', { path });
  }

  /**
   * Up to 3 attempts, waiting 2 s then 4 s after a 5xx or network failure; then the event is queued in browser
   * storage for the next heartbeat. 400, 401 and 403 (and other statuses) are dropped with a warning: sending the
   * same event again cannot succeed.
   */
  async deliver(event: ActivityEvent): Promise<DeliveryResult> {
    for (let attempt = 0; attempt < TIMING.activityMaxAttempts; attempt++) {
      if (attempt > 0 && !(await this.sleep(backoffDelay(attempt)))) break;
      const outcome = await this.attempt(event);
      if (outcome === 'ok') return 'ok';
      if (outcome === 'drop') return 'dropped';
    }
    this.enqueue(event);
    return 'queued';
  }

  private async attempt(event: ActivityEvent): Promise<SendOutcome> {
    let status: number | 'network';
    try {
      status = await this.env.transport.sendEvent(event);
    } catch {
      status = 'network';
    }
    const outcome = classifyStatus(status);
    if (outcome === 'drop') this.env.warn?.(`Activity event ${event.action} dropped: the server answered ${status}.`);
    return outcome;
  }

  readQueue(): ActivityEvent[] {
    try {
      const raw = this.env.storage?.getItem(ACTIVITY_QUEUE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as ActivityEvent[]) : [];
    } catch {
      return [];
    }
  }

  private writeQueue(events: ActivityEvent[]): void {
    try {
      if (!events.length) this.env.storage?.removeItem(ACTIVITY_QUEUE_KEY);
      else this.env.storage?.setItem(ACTIVITY_QUEUE_KEY, JSON.stringify(events.slice(-ACTIVITY_QUEUE_MAX)));
    } catch {
      // Storage full or blocked: the event is lost, which is what the queue's absence would mean anyway.
    }
  }

  private enqueue(event: ActivityEvent): void {
    this.writeQueue([...this.readQueue(), event]);
  }

  /** Each queued event gets one attempt; what still fails for a retryable reason stays for the next heartbeat. */
  async flushQueue(): Promise<void> {
    const batch = this.readQueue();
    if (!batch.length) return;
    this.writeQueue([]);
    const kept: ActivityEvent[] = [];
    for (const event of batch) {
      // Only this user's events: another account's queue left in the same browser is not sent as this user.
      if (event.userEmail.toLowerCase() !== this.email.toLowerCase()) continue;
      if ((await this.attempt(event)) === 'retry') kept.push(event);
    }
    this.writeQueue([...kept, ...this.readQueue()]);
  }

  /** Heartbeat: idle check, online status (throttled), and the queue. */
  async beat(): Promise<void> {
    if (this.stopped) return;
    const idle = this.isIdle;
    if (idle && !this.wasIdle) {
      this.wasIdle = true;
      this.sendStatus(false, true);
    } else if (!idle) this.sendStatus(true);
    await this.flushQueue();
  }

  /** PUT /api/users/{email}/status, at most once per 60 s (a change to idle may go at once). */
  private sendStatus(isOnline: boolean, force = false): void {
    const now = this.now();
    if (!force && now - this.lastStatusAt < TIMING.statusThrottleMs) return;
    this.lastStatusAt = now;
    this.env.transport.sendStatus(this.email, { isOnline, currentPage: this.env.page() }).catch(() => {});
  }

  /**
   * The page is going away: page_unload cannot wait out a debounce, so it goes at once (the transport's keepalive
   * lets it outlive the page), and events still waiting for theirs are kept in the queue for the next visit.
   */
  unload(): void {
    if (this.stopped) return;
    for (const [action, { timer, event }] of this.debounced) {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.debounced.delete(action);
      this.enqueue(event);
    }
    void this.attempt(this.event('page_unload'));
  }

  private event(action: ActivityAction, details?: Record<string, unknown>): ActivityEvent {
    return {
      userEmail: this.email,
      action,
      page: this.env.page(),
      timestamp: new Date(this.now()).toISOString(),
      ...(details ? { details } : {}),
    };
  }

  /** Sign-out: the logout event goes first (one attempt, the session ends right after), then everything stops. */
  async stop(opts: { logout?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    if (opts.logout) await this.attempt(this.event('user_logout'));
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // Events still waiting out their debounce are kept for this user's next visit rather than lost.
    for (const { event } of this.debounced.values()) this.enqueue(event);
    this.debounced.clear();
    for (const wake of [...this.sleepers]) wake();
  }
}
