/**
 * The benchmark's server in its own process (started by startServerProcess in harness.ts): the parent measures
 * this process's memory from /proc without counting the client. Settings come in VT_BENCH_DB / VT_BENCH_ENV;
 * messages over IPC: `ready` once listening, `memory` on request, exit on `close`.
 */
import { memoryBreakdown, startServer, type DbChoice } from './harness';

const send = (message: unknown) => process.send?.(message);

try {
  const db = JSON.parse(process.env.VT_BENCH_DB ?? '{"kind":"pglite-disk"}') as DbChoice;
  const env = JSON.parse(process.env.VT_BENCH_ENV ?? '{}') as Record<string, string>;
  const server = await startServer(db, env);
  process.on('message', (m: { type?: string }) => {
    if (m.type === 'memory') send({ type: 'memory', memory: memoryBreakdown() });
    if (m.type === 'close') void server.close().finally(() => process.exit(0));
  });
  // An orphaned server (the benchmark crashed) must not outlive it.
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
  send({ type: 'ready', baseUrl: server.baseUrl, config: server.config, db: server.db });
} catch (error) {
  send({ type: 'error', message: String((error as Error)?.stack ?? error) });
  process.exit(1);
}
