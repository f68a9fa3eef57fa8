import { describe, expect, it } from 'vitest';
import { ConsoleGate } from './logger';

const fakeConsole = () => {
  const calls: string[] = [];
  const make =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name}:${args.join(' ')}`);
  const c = {
    log: make('log'),
    info: make('info'),
    debug: make('debug'),
    warn: make('warn'),
    error: make('error'),
    trace: make('trace'),
    table: make('table'),
    dir: make('dir'),
    group: make('group'),
    groupCollapsed: make('groupCollapsed'),
    groupEnd: make('groupEnd'),
  };
  return { c, calls };
};

describe('ConsoleGate', () => {
  it.each([80, 70, 60, 50, 40, null])('silences console output for level %s, errors excepted', (level) => {
    const { c, calls } = fakeConsole();
    const gate = new ConsoleGate(c);
    gate.applyLevel(level);
    c.log('a');
    c.warn('b');
    c.info('c');
    c.debug('d');
    gate.write('info', ['e']);
    expect(calls).toEqual([]);
    c.error('crash');
    expect(calls).toEqual(['error:crash']);
    expect(gate.isOpen).toBe(false);
  });

  it.each([100, 90])('lets level %i see console output again', (level) => {
    const { c, calls } = fakeConsole();
    const gate = new ConsoleGate(c);
    gate.applyLevel(null);
    gate.applyLevel(level);
    c.log('a');
    gate.write('warn', ['b']);
    expect(calls).toEqual(['log:a', 'warn:b']);
  });

  it('closing twice and opening once gives the console back', () => {
    const { c, calls } = fakeConsole();
    const gate = new ConsoleGate(c);
    gate.set(false);
    gate.set(false);
    c.log('hidden');
    gate.set(true);
    c.log('shown');
    expect(calls).toEqual(['log:shown']);
  });
});
