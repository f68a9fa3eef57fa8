import { describe, expect, it } from 'vitest';
import { MAP_NAVIGATION_HINT_KEY } from '@vt/shared';
import { NAVIGATION_HINT_MAX_AGE_MS, takeNavigationHint } from './map-navigation-hint';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[MAP_NAVIGATION_HINT_KEY, initial]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    has: () => data.has(MAP_NAVIGATION_HINT_KEY),
  };
}

describe('takeNavigationHint', () => {
  const now = 1_800_000_000_000;
  const hint = { id: 'a1', lat: 25.79, lng: -80.13, time: now - 1000 };

  it('returns a fresh hint once and removes it', () => {
    const storage = memoryStorage(JSON.stringify(hint));
    expect(takeNavigationHint(storage, now)).toEqual(hint);
    expect(storage.has()).toBe(false);
    expect(takeNavigationHint(storage, now)).toBeNull();
  });

  it('drops stale, future and malformed hints', () => {
    expect(
      takeNavigationHint(memoryStorage(JSON.stringify({ ...hint, time: now - NAVIGATION_HINT_MAX_AGE_MS - 1 })), now),
    ).toBeNull();
    expect(takeNavigationHint(memoryStorage(JSON.stringify({ ...hint, time: now + 3_600_000 })), now)).toBeNull();
    expect(takeNavigationHint(memoryStorage('{not json'), now)).toBeNull();
    expect(takeNavigationHint(memoryStorage(JSON.stringify({ id: 'x' })), now)).toBeNull();
    expect(takeNavigationHint(memoryStorage(), now)).toBeNull();
  });
});
