import { pathToFileURL } from 'node:url';
import { startUp } from './start-up';
import { createPubSub } from './adapters/pubsub';
import { createAnalysisEngine } from './modules/analyses/analysis-engine';
import { recordFinishedAnalysis, recordReplacedResult } from './modules/locations/analysis-finished';

/** Standalone worker: `ANALYSIS_WORKER=false` on the HTTP processes, then run this beside them. */
async function main(): Promise<void> {
  const { config, database } = await startUp();
  const log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) =>
    console[level === 'info' ? 'log' : level](JSON.stringify({ level, message, ...details }));
  // The worker only publishes: the HTTP processes' SSE streams hear its stages through this.
  const pubsub = createPubSub({ redisUrl: config.redisUrl, database, log });
  // Every finished analysis also lands in the user's location history and index, in the same transaction.
  const engine = createAnalysisEngine(config, database, {
    log,
    pubsub,
    onFinished: recordFinishedAnalysis,
    onResultReplaced: recordReplacedResult,
  });
  await engine.runner.start();
  console.log(`analysis worker ${engine.runner.workerId} running with concurrency ${config.analysis.concurrency}`);
  const shutdown = async () => {
    await engine.runner.stop();
    await engine.closeLocators();
    await engine.bus.disconnect();
    await pubsub.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
