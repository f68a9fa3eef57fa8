/**
 * Work that must reach the server while the session still exists (the tracker's user_logout event). Sign-out waits
 * for it, but never longer than `maxWaitMs`: leaving must not hang on a slow network.
 */
const tasks = new Set<() => Promise<unknown>>();

export function onBeforeSignOut(task: () => Promise<unknown>): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

export async function runBeforeSignOut(maxWaitMs = 1500): Promise<void> {
  if (!tasks.size) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...tasks].map((t) => t())),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs))),
  ]);
  clearTimeout(timer);
}
