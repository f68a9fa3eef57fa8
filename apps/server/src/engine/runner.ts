/**
 * The analysis job runner: claims queued analyses from the queue and runs each through the pipeline. The queue is a
 * port (engine/pipeline/ports.ts) that modules/analyses implements; the processes that run the engine (main.ts,
 * worker.ts) compose it through modules/analyses/analysis-engine.ts.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AnalysisPipeline } from './pipeline/pipeline';
import type { JobQueue } from './pipeline/ports';

/**
 * A running job is leased: its runner renews the lease every LEASE_MS / 4 (a heartbeat, besides every step);
 * a lease older than this means the runner died (kill -9, a lost machine) and any live runner takes the job
 * over at its next poll. Short enough that crashed work resumes within about 15 s; long enough that a runner
 * whose event loop stalls for a few seconds under load keeps its jobs.
 */
export const LEASE_MS = 12_000;

export type JobRunnerOptions = {
  analyses: JobQueue;
  pipeline: AnalysisPipeline;
  concurrency: number;
  pollMs?: number;
  /** Lease length (LEASE_MS); the heartbeat renews at a quarter of it. */
  leaseMs?: number;
  workerId?: string;
  /** True when this process alone uses the database (PGlite): running jobs found at start are orphans. */
  exclusiveDatabase?: boolean;
  onError?(error: unknown): void;
};

/**
 * Claims queued analyses and runs them, at most `concurrency` at once. It polls (so jobs left by a crashed
 * process, or queued by another process, are found) and can be woken at once after an upload.
 */
export class JobRunner {
  readonly workerId: string;
  private active = new Set<Promise<void>>();
  /** Ids of the jobs in hand, whose leases the heartbeat renews. */
  private held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing = false;
  private running = false;
  private filling: Promise<void> | undefined;
  private refill = false;

  constructor(private readonly opts: JobRunnerOptions) {
    this.workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.opts.exclusiveDatabase) await this.opts.analyses.releaseAllRunning();
    // Not awaited: leftover originals are a privacy chore, not something start-up should wait for.
    void this.opts.pipeline.sweepOriginals().catch((error) => this.opts.onError?.(error));
    this.running = true;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? 1000);
    this.timer.unref();
    this.heartbeat = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.heartbeat.unref();
    this.wake();
  }

  private get leaseMs(): number {
    return this.opts.leaseMs ?? LEASE_MS;
  }

  /** Renews the leases of the jobs in hand; one renewal at a time, so a slow database does not pile them up. */
  private async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const ids = [...this.held];
      const kept = new Set(await this.opts.analyses.renewLeases(this.workerId, ids));
      // A job no longer held was finished meanwhile, or taken over by another runner while this one was quiet:
      // its own writes are refused from now on (they check the lock), so it cannot finish twice.
      const lost = ids.filter((id) => !kept.has(id) && this.held.has(id));
      if (lost.length)
        this.opts.onError?.(new Error(`lease lost on ${lost.length} job(s) still running here: ${lost.join(', ')}`));
    } catch (error) {
      this.opts.onError?.(error);
    } finally {
      this.renewing = false;
    }
  }

  /** Looks for work now (called after an upload). */
  wake(): void {
    if (!this.running) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill()
      .catch((error) => this.opts.onError?.(error))
      .finally(() => {
        this.filling = undefined;
        if (this.refill) {
          this.refill = false;
          this.wake();
        }
      });
  }

  private async fill(): Promise<void> {
    while (this.running && this.active.size < this.opts.concurrency) {
      const job = await this.opts.analyses.claimNext(this.workerId, this.leaseMs);
      if (!job) return;
      this.held.add(job.id);
      const run: Promise<void> = this.opts.pipeline
        .run(job.id, this.workerId, job.attempts)
        .catch((error) => this.opts.onError?.(error))
        .finally(() => {
          this.held.delete(job.id);
          this.active.delete(run);
          this.wake();
        });
      this.active.add(run);
    }
  }

  /** Stops claiming and waits for the jobs in hand to finish (a job cut off here is resumed later). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.filling;
    // The heartbeat goes on until the jobs in hand are done, so a slow shutdown does not hand them over.
    await Promise.allSettled([...this.active]);
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  /** Resolves when no job is in hand (tests). */
  async idle(): Promise<void> {
    while (this.filling || this.active.size) {
      await this.filling;
      await Promise.allSettled([...this.active]);
    }
  }
}
