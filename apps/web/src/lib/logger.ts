/**
 * The app's logger and the console gate (R-ACCESS-11): only console-access levels 100 and 90 see browser console
 * output; for everyone else it is silenced globally, the app's own messages and any library's alike. The gate
 * closes as the app starts (a signed-out visitor has no console access) and opens once the server confirms 100 or 90.
 */

/**
 * Silenced methods. console.error stays: a crash report is how a broken page gets diagnosed and fixed, and the
 * spec's aim (no debug chatter for people without console access) does not need to hide it.
 */
const METHODS = [
  'log',
  'info',
  'debug',
  'warn',
  'trace',
  'table',
  'dir',
  'group',
  'groupCollapsed',
  'groupEnd',
] as const;
type Method = (typeof METHODS)[number];

type ConsoleLike = Record<Method | 'error', (...args: unknown[]) => void>;

const noop = () => {};

export class ConsoleGate {
  private readonly original: Partial<Record<Method, (...args: unknown[]) => void>> = {};
  private open = true;

  constructor(private readonly target: ConsoleLike) {
    for (const m of METHODS) if (typeof target[m] === 'function') this.original[m] = target[m].bind(target);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Console output only for levels 100 and 90; null (no grant) and every other level are silenced. */
  applyLevel(level: number | null): void {
    this.set(level === 100 || level === 90);
  }

  set(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    for (const m of METHODS) {
      const original = this.original[m];
      if (original) this.target[m] = open ? original : noop;
    }
  }

  /** The real console method, for the logger's own use while the gate is open; errors always pass. */
  write(method: Method | 'error', args: unknown[]): void {
    if (method === 'error') this.target.error(...args);
    else if (this.open) this.original[method]?.(...args);
  }
}

export const consoleGate = new ConsoleGate(globalThis.console as unknown as ConsoleLike);

/** The app's logger: goes through the gate, so it is as quiet as the rest of the console. */
export const logger = {
  debug: (...args: unknown[]) => consoleGate.write('debug', args),
  info: (...args: unknown[]) => consoleGate.write('info', args),
  warn: (...args: unknown[]) => consoleGate.write('warn', args),
  error: (...args: unknown[]) => consoleGate.write('error', args),
};
