/** Left in this tab's session storage across the provider's logout, so the home page can say what happened. */
const KEY = 'vt.accountDeleted';

export function rememberAccountDeleted(storage: Pick<Storage, 'setItem'> = window.sessionStorage): void {
  try {
    storage.setItem(KEY, '1');
  } catch {
    // No storage: the home page simply does not say it.
  }
}

/** True once after an account deletion (read and removed). */
export function takeAccountDeleted(storage: Pick<Storage, 'getItem' | 'removeItem'> = window.sessionStorage): boolean {
  try {
    const found = storage.getItem(KEY) === '1';
    storage.removeItem(KEY);
    return found;
  } catch {
    return false;
  }
}

let onThisLoad: boolean | undefined;

/** `takeAccountDeleted` once per page load, remembered: the same answer however often a page asks. */
export function accountDeletedOnThisLoad(): boolean {
  onThisLoad ??= takeAccountDeleted();
  return onThisLoad;
}
