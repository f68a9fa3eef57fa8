/**
 * Local-storage keys that belong to sign-in. The server keeps the session now (R-AUTH-1), but
 * browsers that used the old provider SDK still hold its keys, and they break a fresh sign-in.
 */
export const AUTH_KEY_PATTERNS = ['auth0', 'oidc', 'vt.auth'] as const;

/** The keys among `keys` whose name contains a sign-in pattern (case-insensitive). */
export function authKeysIn(keys: readonly string[]): string[] {
  return keys.filter((key) => {
    const lower = key.toLowerCase();
    return AUTH_KEY_PATTERNS.some((pattern) => lower.includes(pattern));
  });
}

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

export function storageKeys(storage: KeyedStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Removes every sign-in key and returns their names. Never throws: storage may be disabled. */
export function clearAuthStorage(storage?: KeyedStorage): string[] {
  try {
    const target = storage ?? window.localStorage;
    const keys = authKeysIn(storageKeys(target));
    for (const key of keys) target.removeItem(key);
    return keys;
  } catch {
    return [];
  }
}
