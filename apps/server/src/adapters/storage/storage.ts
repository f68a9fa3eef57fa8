/**
 * Where photo bytes live. Keys are relative, slash-separated names (`originals/<id>`); callers never see paths,
 * so local disk and S3-compatible storage are interchangeable.
 */
export interface BlobStorage {
  /** Moves a finished local file into storage under `key` (the file is consumed). */
  putFile(key: string, sourcePath: string): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Deleting a missing key is not an error: deletes are retried after crashes. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key under a prefix (tests and maintenance). */
  list(prefix: string): Promise<string[]>;
}

export class StorageKeyError extends Error {}

/** Rejects keys that could escape the storage root. */
export function assertKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new StorageKeyError(`Invalid storage key: ${key}`);
  }
}
