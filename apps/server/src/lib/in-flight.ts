/**
 * Admission for requests whose bodies are held whole in memory (JSON photo uploads): at most `maxBytes` of
 * such bodies in this process and `perKey` requests per user at once. Decided from Content-Length before the
 * body is read, so a refusal costs nothing; a body without a length is counted at the route's limit.
 */
export class InFlightGate {
  private bytes = 0;
  private readonly byKey = new Map<string, number>();

  constructor(private readonly opts: { maxBytes: number; perKey: number }) {}

  /** A release function when admitted, or the reason it was not. */
  admit(key: string, bytes: number): { release: () => void } | { refused: 'process' | 'key' } {
    const mine = this.byKey.get(key) ?? 0;
    if (mine >= this.opts.perKey) return { refused: 'key' };
    // One request is always admitted when nothing else is in flight, whatever its size (the body limit caps it).
    if (this.bytes > 0 && this.bytes + bytes > this.opts.maxBytes) return { refused: 'process' };
    this.bytes += bytes;
    this.byKey.set(key, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.bytes -= bytes;
        const left = (this.byKey.get(key) ?? 1) - 1;
        if (left > 0) this.byKey.set(key, left);
        else this.byKey.delete(key);
      },
    };
  }

  get inFlightBytes(): number {
    return this.bytes;
  }
}
