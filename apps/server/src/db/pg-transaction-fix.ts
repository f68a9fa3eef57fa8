import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable } from '../lib/errors';

/**
 * drizzle-orm 0.45's node-postgres `transaction` checks a client out of the pool and sends BEGIN *before* its
 * try/finally: when BEGIN fails (the connection was just terminated, PostgreSQL is restarting) the client is
 * never released, and each such failure takes one connection from the pool for good, until the server hangs on
 * an empty pool. Found by the outage test (its pool could not be closed). This replaces that one method with
 * the same steps inside the try, releasing the client in every case, and telling the pool to discard it when
 * its connection broke or its rollback failed (such a client must not be handed out again).
 */
type SessionInternals = {
  client: { connect(): Promise<PoolClient> } & object;
  dialect: unknown;
  schema: unknown;
  options: unknown;
};
type PoolClient = { release(error?: Error | boolean): void };

let installed = false;

export function installPgTransactionFix(isPool: (client: object) => boolean): void {
  if (installed) return;
  installed = true;
  const original = NodePgSession.prototype.transaction;
  NodePgSession.prototype.transaction = async function fixedTransaction<T>(
    this: NodePgSession<Record<string, unknown>, never>,
    transaction: (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const self = this as unknown as SessionInternals;
    if (!isPool(self.client)) return original.call(this, transaction as never, config) as Promise<T>;
    const client = await self.client.connect();
    let broken = false;
    try {
      const Session = NodePgSession as unknown as new (
        ...args: unknown[]
      ) => NodePgSession<Record<string, unknown>, never>;
      const Transaction = NodePgTransaction as unknown as new (
        ...args: unknown[]
      ) => NodePgTransaction<Record<string, unknown>, never>;
      const session = new Session(client, self.dialect, self.schema, self.options);
      const tx = new Transaction(self.dialect, session, self.schema);
      const begin = config
        ? sql`begin ${(tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): ReturnType<typeof sql> }).getTransactionConfigSQL(config)}`
        : sql`begin`;
      await tx.execute(begin);
      try {
        const result = await transaction(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch(() => (broken = true));
        throw error;
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = true;
      throw error;
    } finally {
      client.release(broken);
    }
  } as typeof NodePgSession.prototype.transaction;
}
