import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AccountRepository } from '../account/account.repository';
import type { UsersService } from '../users/users.service';
import { ActivityRepository } from './activity.repository';
import { activityRoutes } from './activity.routes';
import { ActivityService } from './activity.service';

/** Activity, presence, the founder's users and cleanup, per-user notifications. Needs the engine's storage. */
export function registerActivity(
  app: FastifyInstance,
  {
    database,
    usersService,
    scheduledCleanupDays,
  }: { database: Database; usersService: UsersService; scheduledCleanupDays?: number | undefined },
): { activity: ActivityService } {
  const accounts = new AccountRepository(database.db);
  const storage = app.analysisEngine.storage;
  const activity = new ActivityService(new ActivityRepository(database.db), async (userId) => {
    const keys = await accounts.deleteUser(userId);
    // After commit, as for a deleted account: a failed file delete leaves an orphan file, never a dangling record.
    for (const key of keys)
      await storage
        .delete(key)
        .catch((err: unknown) => app.log.warn({ key, err: String(err) }, 'could not delete stored image'));
  });
  usersService.onFirstSignIn(async (user) => {
    try {
      await activity.onFirstSignIn(user);
    } catch (err) {
      // A lost welcome must never fail a sign-in.
      app.log.warn({ err }, 'first sign-in notifications failed');
    }
  });
  activityRoutes(app, { activity });
  if (scheduledCleanupDays) {
    // Once a day in every process: deleting is idempotent, so two processes at once only find nothing left.
    const run = () =>
      void activity
        .scheduledCleanup(scheduledCleanupDays)
        .then((n) => n && app.log.info({ removed: n, days: scheduledCleanupDays }, 'inactive users removed'))
        .catch((err: unknown) => app.log.warn({ err }, 'scheduled inactive-user cleanup failed'));
    const timer = setInterval(run, 86_400_000);
    timer.unref();
    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return { activity };
}
