/**
 * A Server-Sent Events answer read as it arrives, so a test can act between messages: each message's `data` as
 * JSON, in order. `until` waits (at most `waitMs` by default) for a condition on them; `finished` settles when the
 * server ends the stream, and rejects if reading it failed. `onMessage` sees each message as it arrives (a benchmark
 * timing when something first happened).
 */
export function readSse<T>(response: Response, waitMs = 5_000, onMessage?: (message: T) => void) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const messages: T[] = [];
  let buffer = '';
  let ended = false;
  const finished = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, cut)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(cut + 2);
        if (!data) continue;
        const message = JSON.parse(data.slice(6)) as T;
        messages.push(message);
        onMessage?.(message);
      }
    }
    ended = true;
  })();
  // A test that never waits for the end (it cancels, or the server closes) is not failed by the read it cut short.
  finished.catch(() => {});
  return {
    messages,
    get ended() {
      return ended;
    },
    async until(check: () => boolean, timeoutMs = waitMs) {
      const stop = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > stop) throw new Error(`stream has ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    finished,
    cancel: () => reader.cancel().catch(() => {}),
  };
}
