import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { PubSub } from '../../adapters/pubsub';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { notificationsRoutes } from './notifications.routes';

/** The announcement banner's server side: store, routes, and listening for changes made in other processes. */
export async function registerNotifications(
  app: FastifyInstance,
  { database, pubsub }: { database: Database; pubsub: PubSub },
) {
  const notifications = new NotificationsService(new NotificationsRepository(database.db), pubsub, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  await notifications.connect();
  app.addHook('onClose', () => notifications.disconnect());
  notificationsRoutes(app, { notifications });
  return { notifications };
}
