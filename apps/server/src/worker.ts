import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createPubSub } from './adapters/pubsub';
import { createAnalysisEngine } from './modules/analyses/analysis-engine';
import { recordFinishedAnalysis, recordReplacedResult } from './modules/locations/analysis-finished';

/** Standalone worker: `ANALYSIS_WORKER=false` on the HTTP processes, then run this beside them. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
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
