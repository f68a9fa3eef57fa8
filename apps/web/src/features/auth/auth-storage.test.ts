import { describe, expect, it } from 'vitest';
import { authKeysIn, clearAuthStorage } from './auth-storage';

/** A real Storage-shaped map, so removal order and length changes are exercised. */
function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}

describe('authKeysIn', () => {
  it('picks keys naming the provider SDKs or our own auth keys, ignoring case', () => {
    expect(
      authKeysIn([
        '@@auth0spajs@@::abc',
        'OIDC.user:x',
        'vt.auth.state',
        'vt.prefs',
        'map-hint',
        'Auth0.is.authenticated',
      ]),
    ).toEqual(['@@auth0spajs@@::abc', 'OIDC.user:x', 'vt.auth.state', 'Auth0.is.authenticated']);
  });

  it('keeps harmless preferences', () => {
    expect(authKeysIn(['vt.prefs', 'vt.announcements.read', 'authorised-notes'])).toEqual([]);
  });
});

describe('clearAuthStorage', () => {
  it('removes every matching key, including adjacent ones, and leaves the rest', () => {
    const storage = memoryStorage({ 'a.auth0.1': '1', 'a.auth0.2': '2', keep: 'x', 'oidc.z': '3', 'vt.auth': '4' });
    expect(clearAuthStorage(storage).sort()).toEqual(['a.auth0.1', 'a.auth0.2', 'oidc.z', 'vt.auth']);
    expect(storage.keys()).toEqual(['keep']);
  });

  it('returns an empty list instead of throwing when storage is unavailable', () => {
    const broken = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      removeItem: () => undefined,
    };
    expect(clearAuthStorage(broken)).toEqual([]);
  });
});
