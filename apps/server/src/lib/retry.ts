/**
 * Runs a compensating write (giving back a quota reservation) now and, if the database is unreachable, again
 * with backoff for about a minute, in the background: the request that failed answers at once, and an outage
 * shorter than that does not leave the user charged for an upload that was not stored.
 */
export function compensate(
  action: () => Promise<unknown>,
  opts: { delaysMs?: readonly number[]; onGiveUp?(error: unknown): void } = {},
): Promise<void> {
  const delays = opts.delaysMs ?? [500, 1000, 2000, 4000, 8000, 15_000, 30_000];
  return action().then(
    () => undefined,
    (first) => {
      let attempt = 0;
      const retry = (error: unknown) => {
        if (attempt >= delays.length) return opts.onGiveUp?.(error);
        const timer = setTimeout(() => void action().then(() => undefined, retry), delays[attempt++]);
        timer.unref();
      };
      retry(first);
    },
  );
}
