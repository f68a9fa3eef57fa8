import type { Notification, NotificationCreateRequestSchema, User } from '@vt/shared';
import type { z } from 'zod';
import type { PubSub, Unsubscribe } from '../../adapters/pubsub';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

/** Channel the "announcements changed" signal travels on between server processes. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    priority: row.priority === 'urgent' ? 'urgent' : 'normal',
    title: row.title,
    message: row.message,
    actionLink: row.actionLink,
    actionText: row.actionText,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type Listener = (current: Notification | null) => void;

/**
 * Announcements are stored first, then a small "changed" signal is published; every process (this one too)
 * re-reads the current announcement and pushes it to its open streams. The payload never carries the
 * announcement itself, so its size never meets the carrier's limit.
 */
export class NotificationsService {
  private readonly listeners = new Set<Listener>();
  private unsubscribe: Unsubscribe | undefined;
  private stopCatchUp: (() => void) | undefined;

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly pubsub: PubSub,
    private readonly log: (message: string, error: unknown) => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async connect(): Promise<void> {
    if (this.unsubscribe) return;
    this.unsubscribe = await this.pubsub.subscribe(NOTIFICATIONS_CHANNEL, () => void this.broadcast());
    // Signals sent while the carrier was down are lost; re-reading brings every stream up to date.
    this.stopCatchUp = this.pubsub.onReconnect(() => void this.broadcast());
  }

  async disconnect(): Promise<void> {
    this.stopCatchUp?.();
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    this.listeners.clear();
    await stop?.().catch(() => {});
  }

  async current(): Promise<Notification | null> {
    const row = await this.repo.current(this.now());
    return row ? toNotification(row) : null;
  }

  async create(user: User, input: z.output<typeof NotificationCreateRequestSchema>): Promise<Notification> {
    const row = await this.repo.insert({
      type: input.type,
      priority: input.priority,
      title: input.title,
      message: input.message,
      actionLink: input.actionLink,
      actionText: input.actionText,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdBy: user.id,
    });
    await this.signal();
    return toNotification(row);
  }

  /** clearAll removes every announcement; otherwise only the current one (the next older one may then show). */
  async clear(clearAll: boolean): Promise<string> {
    if (clearAll) {
      const n = await this.repo.removeAll();
      await this.signal();
      return `Removed ${n} announcement${n === 1 ? '' : 's'}`;
    }
    const current = await this.repo.current(this.now());
    if (!current) return 'No current announcement';
    await this.repo.remove(current.id);
    await this.signal();
    return 'Removed the current announcement';
  }

  /** Called with the current announcement whenever it may have changed, in any process. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async signal(): Promise<void> {
    try {
      await this.pubsub.publish(NOTIFICATIONS_CHANNEL, { changed: true });
    } catch (error) {
      // Stored already: browsers still see it at their next 30 s poll.
      this.log('announcement change not published', error);
      await this.broadcast();
    }
  }

  private async broadcast(): Promise<void> {
    if (!this.listeners.size) return;
    try {
      const current = await this.current();
      for (const l of this.listeners) l(current);
    } catch (error) {
      this.log('announcement re-read failed', error);
    }
  }
}
