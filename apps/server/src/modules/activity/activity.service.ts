import {
  LIMITS,
  type ActivityEvent,
  type ActivityLogEntry,
  type ActivityStats,
  type AdminUser,
  type InactiveCleanupResponse,
  type User,
  type UserNotification,
  type UserStatus,
} from '@vt/shared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { startOfLocalDay, validTimeZone } from '../access/week';
import type { ActivityRepository, UserListRow, UserNotificationRow } from './activity.repository';

/** Deletes one user and their stored files (the account module's deletion, so cleanup leaves no orphans). */
export type DeleteUser = (userId: string) => Promise<void>;

/** How many users the founder's list shows at once (newest activity first). */
export const ADMIN_USERS_SHOWN = 500;

const presenceOf = (row: UserListRow): { currentPage: string | null } => {
  const p = (row.metadata as { presence?: { currentPage?: unknown } }).presence;
  return { currentPage: typeof p?.currentPage === 'string' ? p.currentPage : null };
};

/** Midnight today on the given clock (the founder's), as an instant. */
export function startOfToday(now: Date, timeZone: string): Date {
  const tz = validTimeZone(timeZone);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return startOfLocalDay(Number(parts.year), Number(parts.month), Number(parts.day), tz);
}

export function toUserNotification(row: UserNotificationRow): UserNotification {
  return { id: row.id, type: row.type, data: row.data, timestamp: row.timestamp.toISOString(), read: row.read };
}

/**
 * What the product learns about use (R-ACTIVITY-1, R-ADMIN-3, R-ADMIN-4, R-ACTIVITY-5): activity events and presence,
 * only ever about the signed-in user; the founder's users list, statistics and inactive-user cleanup; per-user
 * notifications.
 */
export class ActivityService {
  constructor(
    private readonly repo: ActivityRepository,
    private readonly deleteUser: DeleteUser,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /api/users/activity: the body names the user by e-mail; it must be the signed-in one. */
  async record(user: User, event: ActivityEvent): Promise<void> {
    if (event.userEmail.trim().toLowerCase() !== user.email.trim().toLowerCase())
      throw forbidden('Activity can only be recorded for the signed-in user.');
    const now = this.now();
    // The client's clock may be off or its queue old; a time within the last day is kept, anything else is now.
    const claimed = event.timestamp ? new Date(event.timestamp) : now;
    const timestamp =
      claimed.getTime() <= now.getTime() && now.getTime() - claimed.getTime() < 86_400_000 ? claimed : now;
    await this.repo.insertEvent({
      userId: user.id,
      userEmail: user.email,
      userName: user.name,
      action: event.action,
      page: event.page ?? null,
      details: event.details ?? {},
      timestamp,
    });
    const leaving = event.action === 'user_logout' || event.action === 'page_unload';
    await this.repo.touch(user.id, now, leaving ? { isOnline: false, currentPage: event.page ?? null } : null);
  }

  /** PUT /api/users/{email}/status: another user's e-mail is simply not found. */
  async setStatus(user: User, email: string, status: UserStatus): Promise<void> {
    if (email.trim().toLowerCase() !== user.email.trim().toLowerCase()) throw notFound('No such user.');
    await this.repo.touch(user.id, this.now(), { isOnline: status.isOnline, currentPage: status.currentPage ?? null });
  }

  async users(): Promise<{ users: AdminUser[]; total: number }> {
    const now = this.now().getTime();
    const { rows, total } = await this.repo.listUsers(ADMIN_USERS_SHOWN);
    return {
      total,
      users: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        role: r.role,
        provider: r.provider,
        emailVerified: r.emailVerified,
        loginCount: r.loginCount,
        analysisCount: r.analysisCount,
        signupDate: r.signupDate.toISOString(),
        lastActive: r.lastActive.toISOString(),
        lastLogin: r.lastLogin.toISOString(),
        // A seeded account that never signed in is not "online" just because it was created recently.
        isOnline: r.loginCount > 0 && now - r.lastActive.getTime() < LIMITS.activeNowMs,
        currentPage: presenceOf(r).currentPage,
        isSystem: r.isSystem,
      })),
    };
  }

  async stats(viewer: User): Promise<ActivityStats> {
    const now = this.now();
    const s = await this.repo.stats(startOfToday(now, viewer.timeZone), new Date(now.getTime() - LIMITS.activeNowMs));
    return {
      totalUsers: s.total_users,
      newToday: s.new_today,
      activeToday: s.active_today,
      activeNow: s.active_now,
      totalAnalyses: s.total_analyses,
      totalLogins: s.total_logins,
      verifiedUsers: s.verified_users,
      providers: s.providers,
    };
  }

  async log(): Promise<ActivityLogEntry[]> {
    const rows = await this.repo.recentActivity(LIMITS.activityLogMax);
    return rows.map((r) => {
      const d = r.details as { action?: unknown; page?: unknown };
      return {
        id: r.id,
        type: r.type,
        action: typeof d.action === 'string' ? d.action : null,
        userEmail: r.userEmail,
        userName: r.userName,
        page: typeof d.page === 'string' ? d.page : null,
        timestamp: r.timestamp.toISOString(),
      };
    });
  }

  /**
   * Removes users inactive for `days` (R-ADMIN-4). A dry run only counts; the real run must name the count the
   * dry run showed, so a founder never deletes more people than they agreed to.
   */
  async cleanup(input: {
    days: number;
    dryRun: boolean;
    confirmCount?: number | undefined;
  }): Promise<InactiveCleanupResponse> {
    const cutoff = new Date(this.now().getTime() - input.days * 86_400_000);
    const ids = await this.repo.inactiveUserIds(cutoff);
    const base = { days: input.days, cutoff: cutoff.toISOString(), count: ids.length };
    if (input.dryRun) return { ...base, dryRun: true, deleted: 0 };
    if (input.confirmCount !== ids.length)
      throw new AppError(
        409,
        'cleanup_count_changed',
        input.confirmCount === undefined
          ? 'Run the dry run first and confirm the number of users it found.'
          : `The dry run found ${input.confirmCount} inactive users but there are now ${ids.length}. Run the dry run again.`,
      );
    let deleted = 0;
    for (const id of ids) {
      await this.deleteUser(id);
      deleted++;
    }
    return { ...base, dryRun: false, deleted };
  }

  /** The scheduled run: counts and removes in one go (no founder to confirm); returns how many went. */
  async scheduledCleanup(days: number): Promise<number> {
    const dry = await this.cleanup({ days, dryRun: true });
    if (!dry.count) return 0;
    return (await this.cleanup({ days, dryRun: false, confirmCount: dry.count })).deleted;
  }

  // ── Per-user notifications ─────────────────────────────────────────────────────────────────────

  /**
   * A new user's first sign-in (R-USER-3): founders hear who joined; everyone else gets the all-user notice, which
   * names only the first name (other users have no business with a stranger's e-mail address).
   */
  async onFirstSignIn(user: User): Promise<void> {
    const now = this.now();
    const founders = (await this.repo.founderIds()).filter((id) => id !== user.id);
    await this.repo.notify(
      { userIds: founders },
      'new_user',
      { userId: user.id, email: user.email, name: user.name, provider: user.provider },
      now,
      LIMITS.notificationsMax,
    );
    await this.repo.notify(
      { allExcept: user.id },
      'new_member',
      { firstName: user.name.split(/[\s@]/)[0] || 'Someone' },
      now,
      LIMITS.notificationsMax,
    );
  }

  async notifications(user: User): Promise<{ notifications: UserNotification[]; unread: number }> {
    const rows = await this.repo.notificationsOf(user.id, LIMITS.notificationsMax);
    return { notifications: rows.map(toUserNotification), unread: rows.filter((r) => !r.read).length };
  }

  async markRead(user: User, ids: string[] | 'all'): Promise<number> {
    return this.repo.markRead(user.id, ids);
  }
}
